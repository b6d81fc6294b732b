import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>: what SMTP_URL is set to. */
  url: string;
  port: number;
  /** Received mails, oldest first (the latest 200). */
  mails: CaughtMail[];
  close(): Promise<void>;
}

const KEPT = 200;

/**
 * A real SMTP server on loopback that accepts every mail and keeps it in memory: `npm start`
 * points the BFF at it so alerts by e-mail work without a mail server; tests read what arrived.
 * No authentication and no TLS: it listens on 127.0.0.1 only.
 */
export async function startMailCatcher(port = 0, onMail?: (mail: CaughtMail) => void): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Customs Console mail catcher',
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          mails.push(mail);
          if (mails.length > KEPT) mails.shift();
          onMail?.(mail);
          callback();
        })
        .catch((e: unknown) => callback(e instanceof Error ? e : new Error(String(e))));
    },
  });
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    const listening = server.listen(port, '127.0.0.1', () => {
      const bound = listening.address();
      if (bound && typeof bound === 'object') resolve(bound);
      else reject(new Error('The mail catcher has no TCP address.'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
