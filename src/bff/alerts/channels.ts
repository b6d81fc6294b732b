import nodemailer from 'nodemailer';
import { destinationUrlProblem } from '../../contract/subscriptions.js';
import type { ClaimedDelivery } from '../store/alerts.js';

/** Sends one delivery; throws with a short reason when the channel refused or could not be reached. */
export type ChannelSender = (delivery: ClaimedDelivery) => Promise<void>;

/** E-mail over SMTP (SMTP_URL), or a sender that fails every e-mail with the reason when it is unset. */
export function emailSender(smtpUrl: string | undefined, from: string): { send: ChannelSender; close: () => void } {
  if (!smtpUrl) {
    return { send: () => Promise.reject(new Error('E-mail is not configured (SMTP_URL is unset).')), close: () => undefined };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(delivery) {
      await transport.sendMail({ from, to: delivery.destination, subject: delivery.subject, text: delivery.body });
    },
    close: () => transport.close(),
  };
}

/** Microsoft Teams incoming webhook (Workflows and connectors): a message with one Adaptive Card. */
export function teamsPayload(delivery: Pick<ClaimedDelivery, 'subject' | 'body'>): unknown {
  const [, ...rest] = delivery.body.split('\n');
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: delivery.subject, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: rest.join('\n').trim(), wrap: true },
          ],
        },
      },
    ],
  };
}

/** Slack incoming webhook: `text` is what notifications show; the block repeats it with its layout. */
export function slackPayload(delivery: Pick<ClaimedDelivery, 'subject' | 'body'>): unknown {
  return { text: delivery.subject, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: delivery.body } }] };
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/** POSTs the channel's JSON to the incoming webhook; any answer but 2xx is a failure. The address is checked again as subscription destinations are. */
export const webhookSender: ChannelSender = async (delivery) => {
  const problem = destinationUrlProblem(delivery.destination);
  if (problem) throw new Error(`The webhook address ${problem}.`);
  const payload = delivery.channel === 'teams' ? teamsPayload(delivery) : slackPayload(delivery);
  const res = await fetch(delivery.destination, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    redirect: 'error',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`The webhook answered ${res.status}.`);
};
