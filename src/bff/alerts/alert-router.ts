import { z } from 'zod';
import type { AlertRule, SentChannel } from '../../contract/alerts.js';
import type { EventEnvelope } from '../../contract/events.js';
import type { Language } from '../../contract/user-preferences.js';
import type { AlertAudience, AlertsRepository, NewAlert } from '../store/alerts.js';
import { declarationIdOf } from '../store/event-inbox.js';
import { needsDeclaration, ruleMatches, type EventFacts } from './alert-matcher.js';
import { alertMessage, type AlertMessage } from './alert-message.js';

/** The parts of a declaration the rules and the message may need beyond the event. */
export interface DeclarationFacts {
  lrn: string | null;
  office: string | null;
  direction: string | null;
}

const eventDataSchema = z.looseObject({ lrn: z.string().nullish(), customsFlow: z.string().nullish(), jurisdiction: z.string().nullish() });

export interface AlertRouterDeps {
  alerts: AlertsRepository;
  /** Reads the declaration with the service token; null when it is gone. */
  readDeclaration: (declarationId: string) => Promise<DeclarationFacts | null>;
  /** Who owns the declaration now (the assignments); null when nobody does. */
  ownerOf: (declarationId: string) => Promise<string | null>;
  /** The language a user keeps (their preferences); null when they chose none. */
  languageOf: (sub: string) => Promise<Language | null>;
  /** The console's public address, for links in messages. */
  consoleUrl: () => string;
  /** New deliveries are due: the outbox sends them now rather than at its next poll. */
  onRecorded: () => void;
  log: (level: 'warn' | 'info', message: string, detail: Record<string, unknown>) => void;
}

/**
 * Turns a stored event into alerts: the rules on its type, narrowed by what the event (and, when
 * a rule asks for office or direction, the declaration) says, each recorded once per (event,
 * rule, recipient) with the deliveries its channels need. Runs on the replica that stored the
 * event, in the background: the webhook's answer never waits for it.
 */
export class AlertRouter {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly deps: AlertRouterDeps) {}

  onEvent(envelope: EventEnvelope): void {
    this.chain = this.chain
      .then(async () => {
        await this.route(envelope);
      })
      .catch((e: unknown) =>
        this.deps.log('warn', 'alerts not recorded for an event', {
          eventId: envelope.id,
          error: e instanceof Error ? e.message : String(e),
        }),
      );
  }

  /** Resolves when every event handed over so far has been routed (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain;
  }

  /** `declarationId`: the declaration of an event the console makes itself (a radar item); else the event's own. */
  async route(envelope: EventEnvelope, declarationId = declarationIdOf(envelope)): Promise<number> {
    const rules = await this.deps.alerts.rulesFor(envelope.eventType);
    if (rules.length === 0) return 0;
    const data = eventDataSchema.safeParse(envelope.data);
    const facts: EventFacts = {
      eventType: envelope.eventType,
      eventSubType: envelope.eventSubType ?? null,
      customsFlow: (data.success ? data.data.customsFlow : null) ?? null,
      jurisdiction: (data.success ? data.data.jurisdiction : null) ?? null,
      office: null,
      direction: null,
    };
    let lrn = (data.success ? data.data.lrn : null) ?? null;
    const candidates = rules.filter((rule) => ruleMatches(rule, { ...facts, office: rule.office, direction: rule.direction }));
    if (candidates.length === 0) return 0;
    if (declarationId && (lrn === null || candidates.some(needsDeclaration))) {
      const declaration = await this.deps.readDeclaration(declarationId);
      lrn ??= declaration?.lrn ?? null;
      facts.office = declaration?.office ?? null;
      facts.direction = declaration?.direction ?? null;
    }
    let recorded = 0;
    let owner: Promise<string | null> | undefined;
    const ownerNow = () => (owner ??= declarationId ? this.deps.ownerOf(declarationId) : Promise.resolve(null));
    const kept = new Map<string, Promise<Language | null>>();
    const languageOf = (sub: string): Promise<Language | null> => {
      if (!sub) return Promise.resolve(null);
      const known = kept.get(sub) ?? this.deps.languageOf(sub);
      kept.set(sub, known);
      return known;
    };
    const messages = new Map<Language, AlertMessage>();
    const messageIn = (language: Language): AlertMessage => {
      const made = messages.get(language) ?? alertMessage({ envelope, declarationId, lrn, consoleUrl: this.deps.consoleUrl() }, language);
      messages.set(language, made);
      return made;
    };
    for (const rule of candidates.filter((r) => ruleMatches(r, facts))) {
      const audience = await this.audienceOf(rule, ownerNow);
      if (!audience) continue;
      // Each person reads it in the language they keep; a role's notification and a chat channel in the rule's author's; else English.
      const authorLanguage = (await languageOf(rule.ownerSub)) ?? 'en';
      const audienceLanguage = audience.kind === 'user' ? ((await languageOf(audience.sub)) ?? authorLanguage) : authorLanguage;
      const message = messageIn(audienceLanguage);
      const alert: NewAlert = {
        eventId: envelope.id,
        ruleId: rule.id,
        ruleName: rule.name,
        recipient: audience,
        console: rule.channels.includes('console'),
        title: message.title,
        eventType: envelope.eventType,
        eventSubType: envelope.eventSubType ?? null,
        eventTime: envelope.eventTime,
        declarationId,
        lrn,
        deliveries: (await this.destinations(rule, audience, async (sub) => (await languageOf(sub)) ?? authorLanguage, authorLanguage)).map(
          ({ language, ...d }) => ({ ...d, subject: messageIn(language).title, body: messageIn(language).text }),
        ),
      };
      if ((await this.deps.alerts.record(alert)) !== undefined) recorded += 1;
    }
    if (recorded > 0) this.deps.onRecorded();
    return recorded;
  }

  /**
   * Whom the rule alerts for this declaration: the declaration's owner for an owner rule, nobody
   * when it has none; a "my declarations" rule only when its person owns it.
   */
  private async audienceOf(rule: AlertRule, ownerNow: () => Promise<string | null>): Promise<AlertAudience | undefined> {
    if (rule.recipient.kind === 'owner') {
      const sub = await ownerNow();
      return sub ? { kind: 'user', sub } : undefined;
    }
    if (rule.mineOnly && (rule.recipient.kind !== 'user' || (await ownerNow()) !== rule.recipient.sub)) return undefined;
    return rule.recipient;
  }

  /** Who gets the rule's e-mails (each in their language) and where its webhook goes (in the rule's author's). */
  private async destinations(
    rule: AlertRule & { ownerSub: string },
    audience: AlertAudience,
    personLanguage: (sub: string) => Promise<Language>,
    authorLanguage: Language,
  ): Promise<{ channel: SentChannel; destination: string; language: Language }[]> {
    const out: { channel: SentChannel; destination: string; language: Language }[] = [];
    // A digest rule's e-mail goes out once a day (DailyDigest), not per alert.
    if (rule.channels.includes('email') && !rule.digest) {
      const people =
        audience.kind === 'role' ? await this.deps.alerts.usersWithRole(audience.role) : [await this.deps.alerts.user(audience.sub)];
      const addresses = new Map<string, string>();
      for (const p of people) if (p?.email && !addresses.has(p.email)) addresses.set(p.email, p.sub);
      if (addresses.size === 0)
        this.deps.log('info', 'an alert rule’s e-mail has no known address yet (its recipients have not signed in)', { ruleId: rule.id });
      for (const [address, sub] of addresses) out.push({ channel: 'email', destination: address, language: await personLanguage(sub) });
    }
    for (const channel of ['teams', 'slack'] as const) {
      if (rule.channels.includes(channel) && rule.webhookUrl) out.push({ channel, destination: rule.webhookUrl, language: authorLanguage });
    }
    return out;
  }
}
