import type { Language } from '../../contract/user-preferences.js';
import { alertText, inLanguage, writtenMoment } from '../i18n/alert-texts.js';
import type { AlertsRepository, DigestAlert, KnownUser } from '../store/alerts.js';
import { PeriodicPass } from '../periodic-pass.js';

/** How often each replica looks for a finished day to send (the claim keeps it to one e-mail per user and day). */
const CHECK_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) that ended last before `now`. */
export const previousDay = (now: Date): string => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10);

/**
 * The digest's text in the recipient's language: the day's alerts, oldest first, each with its
 * link. Each alert's title is as it was recorded (in the language of whom it was for).
 */
export function digestText(
  day: string,
  alerts: readonly DigestAlert[],
  consoleUrl: string,
  language: Language = 'en',
): { subject: string; text: string } {
  const subject = inLanguage(
    language,
    alertText('digest.subject', { count: alerts.length, day: writtenMoment(language, `${day}T00:00:00.000Z`, 'day') }),
  );
  const lines = alerts.map(
    (a) =>
      inLanguage(language, alertText('digest.line', { time: writtenMoment(language, a.createdAt, 'time'), title: a.title })) +
      (a.declarationId ? `\n  ${consoleUrl}/declarations/${encodeURIComponent(a.declarationId)}` : ''),
  );
  const all = inLanguage(language, alertText('digest.all', { link: `${consoleUrl}/notifications` }));
  return { subject, text: [subject, '', ...lines, '', all].join('\n') };
}

/**
 * Daily digests (docs/alerts.md): rules with `digest` send no e-mail per alert; once a UTC day has
 * ended, each user with an address gets one e-mail listing that day's alerts of those rules (to
 * them by name or through a role). Every replica checks; a (user, day) claim lets one send it,
 * and a failed send gives the claim back for the next check.
 */
export class DailyDigest {
  private readonly periodic = new PeriodicPass(
    (now) => this.pass(now),
    CHECK_MS,
    (e: unknown) => this.deps.log('warn', 'daily digests not sent', { error: e instanceof Error ? e.message : String(e) }),
  );

  constructor(
    private readonly deps: {
      alerts: AlertsRepository;
      send: (mail: { to: string; subject: string; text: string }) => Promise<void>;
      /** The language a user keeps; null: English. */
      languageOf: (sub: string) => Promise<Language | null>;
      consoleUrl: () => string;
      onOutcome?: (outcome: 'sent' | 'retry') => void;
      log: (level: 'warn' | 'info', message: string, detail: Record<string, unknown>) => void;
    },
  ) {}

  /** Sends the digests of the day before `now` not sent yet; returns how many this replica sent. */
  sendDue(now = new Date()): Promise<number> {
    return this.periodic.run(now);
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  private async pass(now: Date): Promise<number> {
    const day = previousDay(now);
    const alerts = await this.deps.alerts.digestAlerts(
      `${day}T00:00:00.000Z`,
      new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString(),
    );
    const byUser = new Map<string, { user: KnownUser; alerts: DigestAlert[] }>();
    const members = new Map<string, Promise<KnownUser[]>>();
    for (const alert of alerts) {
      const people =
        alert.recipient.kind === 'role'
          ? await (members.get(alert.recipient.role) ??
              members.set(alert.recipient.role, this.deps.alerts.usersWithRole(alert.recipient.role)).get(alert.recipient.role) ??
              [])
          : [await this.deps.alerts.user(alert.recipient.sub)];
      for (const user of people) {
        if (!user?.email) continue;
        const entry = byUser.get(user.sub) ?? { user, alerts: [] };
        entry.alerts.push(alert);
        byUser.set(user.sub, entry);
      }
    }
    let sent = 0;
    for (const { user, alerts: mine } of byUser.values()) {
      if (!user.email || !(await this.deps.alerts.claimDigest(user.sub, day, now))) continue;
      const mail = digestText(day, mine, this.deps.consoleUrl(), (await this.deps.languageOf(user.sub)) ?? 'en');
      try {
        await this.deps.send({ to: user.email, ...mail });
        sent += 1;
        this.deps.onOutcome?.('sent');
      } catch (e) {
        await this.deps.alerts.releaseDigest(user.sub, day);
        this.deps.onOutcome?.('retry');
        this.deps.log('warn', 'a daily digest was not sent; trying again later', {
          user: user.sub,
          day,
          error: e instanceof Error ? e.message : String(e),
        });
      }
    }
    return sent;
  }
}
