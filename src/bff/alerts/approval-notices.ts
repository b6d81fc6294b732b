import type { ApprovalRequest } from '../../contract/approvals.js';
import type { Language } from '../../contract/user-preferences.js';
import { alertText, inLanguage, writtenMoment } from '../i18n/alert-texts.js';
import type { AlertsRepository, NewAlert } from '../store/alerts.js';
import type { ApprovalRequestRepository } from '../store/approval-requests.js';
import { PeriodicPass } from '../periodic-pass.js';

/** How often each replica looks for requests that expired (the alert's unique key keeps it to one notice). */
const SWEEP_MS = 60_000;
const SWEEP_BATCH = 100;

/** Approval notices are alerts without a rule: this rule id and name mark them. */
export const APPROVAL_NOTICE_RULE = { id: 0, name: 'Four eyes' } as const;
export const APPROVAL_NOTICE_EVENT_TYPE = 'ApprovalRequest';

type Outcome = Extract<ApprovalRequest['status'], 'rejected' | 'expired'>;

/** The notice's event id: one per request and outcome, whichever replica records it. */
export const approvalNoticeEventId = (requestId: string, outcome: Outcome): string => `approval:${requestId}:${outcome}`;

/** `POST /v1/declarations/{declarationId}/submit` → `Submit`. */
const actionOf = (operation: string): string => {
  const last = operation.split('/').pop() ?? operation;
  return last.charAt(0).toUpperCase() + last.slice(1);
};

/** What the requester reads, the same in the console and by e-mail, in their language (the action stays the service's name for it). */
export function approvalNoticeMessage(
  request: ApprovalRequest,
  outcome: Outcome,
  consoleUrl: string,
  language: Language = 'en',
): { title: string; text: string } {
  const say = (t: Parameters<typeof inLanguage>[1]) => inLanguage(language, t);
  const facts = { action: actionOf(request.operation), id: request.declarationId };
  const title =
    outcome === 'rejected'
      ? say(alertText('approval.rejected', { ...facts, name: request.decision?.by.name ?? alertText('approval.anApprover') }))
      : say(alertText('approval.expired', facts));
  const link = `${consoleUrl}/declarations/${encodeURIComponent(request.declarationId)}`;
  const lines = [
    title,
    '',
    ...(outcome === 'rejected' && request.decision?.comment
      ? [say(alertText('approval.reason', { comment: request.decision.comment }))]
      : []),
    ...(outcome === 'expired' ? [say(alertText('approval.expiredLine', { time: writtenMoment(language, request.expiresAt) }))] : []),
    say(alertText('approval.askedLine', { time: writtenMoment(language, request.createdAt), id: request.id })),
    '',
    say(alertText('alert.line.open', { link })),
  ];
  return { title, text: lines.join('\n') };
}

/**
 * Tells a requester by the alert channels when their approval request is rejected or expires: a
 * notification in the console and, when the BFF knows their address, an e-mail. One notice per
 * request and outcome across replicas (the alerts' unique key on the event id).
 */
export class ApprovalNotices {
  private readonly periodic = new PeriodicPass(
    (now) => this.sweep(now),
    SWEEP_MS,
    (e: unknown) => this.deps.log('warn', 'expired approval requests not told', { error: e instanceof Error ? e.message : String(e) }),
  );

  constructor(
    private readonly deps: {
      alerts: AlertsRepository;
      requests: ApprovalRequestRepository;
      /** The language a user keeps; null: English. */
      languageOf: (sub: string) => Promise<Language | null>;
      consoleUrl: () => string;
      onRecorded: () => void;
      log: (level: 'warn' | 'info', message: string, detail: Record<string, unknown>) => void;
    },
  ) {}

  /** After a decision: a rejection is told now (other outcomes the requester sees on the page). */
  async decided(request: ApprovalRequest): Promise<void> {
    if (request.status !== 'rejected') return;
    if (await this.tell(request, 'rejected')) this.deps.onRecorded();
  }

  /** Tells every requester whose request expired and who was not told yet; returns how many this replica told. */
  sweepExpired(now = new Date()): Promise<number> {
    return this.periodic.run(now);
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async sweep(now: Date): Promise<number> {
    const expired = await this.deps.requests.expiredUntold((id) => approvalNoticeEventId(id, 'expired'), SWEEP_BATCH, now);
    let told = 0;
    // Recorded at the real time (its e-mail is due now), whatever `now` the expiry was judged by.
    for (const request of expired) if (await this.tell(request, 'expired')) told += 1;
    if (told > 0) this.deps.onRecorded();
    return told;
  }

  private async tell(request: ApprovalRequest, outcome: Outcome): Promise<boolean> {
    const at = new Date();
    const language = (await this.deps.languageOf(request.requester.sub)) ?? 'en';
    const message = approvalNoticeMessage(request, outcome, this.deps.consoleUrl(), language);
    const person = await this.deps.alerts.user(request.requester.sub);
    const alert: NewAlert = {
      eventId: approvalNoticeEventId(request.id, outcome),
      ruleId: APPROVAL_NOTICE_RULE.id,
      ruleName: APPROVAL_NOTICE_RULE.name,
      recipient: { kind: 'user', sub: request.requester.sub },
      console: true,
      title: message.title,
      eventType: APPROVAL_NOTICE_EVENT_TYPE,
      eventSubType: outcome === 'rejected' ? 'Rejected' : 'Expired',
      eventTime: outcome === 'rejected' ? (request.decision?.at ?? at.toISOString()) : request.expiresAt,
      declarationId: request.declarationId,
      lrn: null,
      deliveries: person?.email ? [{ channel: 'email', destination: person.email, subject: message.title, body: message.text }] : [],
    };
    return (await this.deps.alerts.record(alert, at)) !== undefined;
  }
}
