import { CONSOLE_HEALTH_EVENT_TYPE } from '../../contract/console-health.js';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  alertChannelSchema,
  type AlertDelivery,
  type AlertRecipient,
  type AlertRule,
  type NewAlertRule,
  type Notification,
  type SentEmail,
} from '../../contract/alerts.js';
import { directionSchema } from '../../contract/customs-shipment.js';
import { roleSchema, type Role } from '../../contract/user-claims.js';
import type { AlertDeliveriesTable, AlertRulesTable } from './alert-tables.js';
import type { BffTables } from './tables.js';

/** Whose notifications: a user is a recipient by name and through each of their roles. */
export interface AlertReader {
  sub: string;
  roles: readonly Role[];
}

/** Who an alert is for once the rule is resolved: a role or a person (a rule's "owner" becomes the person who owns the declaration). */
export type AlertAudience = Exclude<AlertRecipient, { kind: 'owner' }>;

/** An alert to record, with the channel deliveries it needs. */
export interface NewAlert {
  eventId: string;
  ruleId: number;
  ruleName: string;
  recipient: AlertAudience;
  console: boolean;
  title: string;
  eventType: string;
  eventSubType: string | null;
  eventTime: string;
  declarationId: string | null;
  lrn: string | null;
  deliveries: readonly { channel: 'email' | 'teams' | 'slack'; destination: string; subject: string; body: string }[];
}

/** A delivery a replica has claimed (leased) and now sends. */
export interface ClaimedDelivery {
  id: number;
  alertId: number;
  channel: 'email' | 'teams' | 'slack';
  destination: string;
  subject: string;
  body: string;
  attempts: number;
}

export interface KnownUser {
  sub: string;
  name: string;
  email: string | null;
}

export interface AlertsRepository {
  addRule(rule: NewAlertRule, author: { sub: string; name: string }, at?: Date): Promise<AlertRule>;
  getRule(id: number): Promise<(AlertRule & { ownerSub: string }) | undefined>;
  /** The reader's personal rules and every team rule, newest first. */
  listRules(reader: AlertReader): Promise<AlertRule[]>;
  deleteRule(id: number): Promise<boolean>;
  setRuleEnabled(id: number, enabled: boolean): Promise<boolean>;
  /** Enabled rules on this event type (the matcher narrows further), with their author (whose language a role's alert is written in). */
  rulesFor(eventType: string): Promise<(AlertRule & { ownerSub: string })[]>;

  /** Records the alert and its deliveries once per (event, rule, recipient): undefined when it was recorded already (another replica, a redelivery). */
  record(alert: NewAlert, at?: Date): Promise<number | undefined>;
  notifications(reader: AlertReader, options: { unreadOnly: boolean; limit: number }): Promise<Notification[]>;
  unreadCount(reader: AlertReader): Promise<number>;
  /** Marks these (or all) of the reader's notifications read; returns how many were newly read. */
  markRead(reader: AlertReader, ids: readonly number[] | 'all', at?: Date): Promise<number>;

  /** Leases up to `limit` deliveries that are due: each is handed to one replica until `leaseMs` passes. */
  claimDue(limit: number, leaseMs: number, now?: Date): Promise<ClaimedDelivery[]>;
  markSent(id: number, at?: Date): Promise<void>;
  /** A failed attempt: tried again at `retryAt`, or failed for good when null. */
  markAttemptFailed(id: number, error: string, retryAt: Date | null): Promise<void>;
  deliveriesOf(alertId: number): Promise<AlertDelivery[]>;
  sentEmails(limit: number): Promise<SentEmail[]>;

  /** Remembers a signed-in user's name, e-mail and roles (alerts to a role reach them). */
  rememberUser(user: { sub: string; name: string; email: string | null; roles: readonly Role[] }, at?: Date): Promise<void>;
  usersWithRole(role: Role): Promise<KnownUser[]>;
  user(sub: string): Promise<KnownUser | undefined>;

  /** Alerts of digest rules recorded in [fromIso, toIso), oldest first, with whom each is for. */
  digestAlerts(fromIso: string, toIso: string): Promise<DigestAlert[]>;
  /** Claims the (user, day) digest: true for exactly one caller across replicas. */
  claimDigest(userSub: string, day: string, at?: Date): Promise<boolean>;
  /** Gives a claim back (the e-mail could not be sent): the next pass tries again. */
  releaseDigest(userSub: string, day: string): Promise<void>;
}

/** An alert a daily digest lists. */
export interface DigestAlert {
  title: string;
  declarationId: string | null;
  createdAt: string;
  recipient: AlertAudience;
}

const stringArray = z.array(z.string());
const channelArray = z.array(alertChannelSchema);

function toRule(
  r: Omit<AlertRulesTable, 'id' | 'mine_only' | 'digest'> & { id: number; mine_only: number; digest: number },
): AlertRule & { ownerSub: string } {
  const recipient: AlertRecipient =
    r.recipient_kind === 'role'
      ? { kind: 'role', role: roleSchema.parse(r.recipient) }
      : r.recipient_kind === 'owner'
        ? { kind: 'owner' }
        : { kind: 'user', sub: r.recipient };
  return {
    id: r.id,
    name: r.name,
    scope: r.scope === 'team' ? 'team' : 'personal',
    eventType: r.event_type,
    eventSubTypes: stringArray.parse(JSON.parse(r.event_sub_types)),
    customsFlow: r.customs_flow,
    jurisdiction: r.jurisdiction,
    office: r.office,
    direction: r.direction === null ? null : directionSchema.parse(r.direction),
    recipient,
    mineOnly: r.mine_only === 1,
    digest: r.digest === 1,
    channels: channelArray.parse(JSON.parse(r.channels)),
    webhookUrl: r.webhook_url,
    enabled: r.enabled === 1,
    createdBy: r.created_by,
    createdAt: r.created_at,
    ownerSub: r.owner_sub,
  };
}

const publicRule = ({ ownerSub: _owner, ...rule }: AlertRule & { ownerSub: string }): AlertRule => rule;

const recipientColumns = (recipient: AlertRecipient) =>
  recipient.kind === 'role'
    ? { recipient_kind: 'role', recipient: recipient.role }
    : recipient.kind === 'owner'
      ? { recipient_kind: 'owner', recipient: '' }
      : { recipient_kind: 'user', recipient: recipient.sub };

function toDelivery(
  d: Pick<AlertDeliveriesTable, 'channel' | 'destination' | 'status' | 'attempts' | 'last_error' | 'sent_at'> & { id: number },
): AlertDelivery {
  return {
    id: d.id,
    channel: d.channel === 'teams' || d.channel === 'slack' ? d.channel : 'email',
    destination: d.destination,
    status: d.status === 'sent' || d.status === 'failed' ? d.status : 'pending',
    attempts: d.attempts,
    lastError: d.last_error,
    sentAt: d.sent_at,
  };
}

export function alertsRepository(db: Kysely<BffTables>): AlertsRepository {
  /** Alerts shown in the reader's notification centre: to them by name or to one of their roles. */
  const mine = (reader: AlertReader) =>
    db
      .selectFrom('alerts as a')
      .leftJoin('alert_reads as r', (j) => j.onRef('r.alert_id', '=', 'a.id').on('r.user_sub', '=', reader.sub))
      .where('a.console', '=', 1)
      .where((eb) =>
        eb.or([
          eb.and([eb('a.recipient_kind', '=', 'user'), eb('a.recipient', '=', reader.sub)]),
          ...(reader.roles.length > 0 ? [eb.and([eb('a.recipient_kind', '=', 'role'), eb('a.recipient', 'in', [...reader.roles])])] : []),
        ]),
      );

  const deliveriesOf = async (alertIds: readonly number[]): Promise<Map<number, AlertDelivery[]>> => {
    const byAlert = new Map<number, AlertDelivery[]>();
    if (alertIds.length === 0) return byAlert;
    const rows = await db
      .selectFrom('alert_deliveries')
      .select(['id', 'alert_id', 'channel', 'destination', 'status', 'attempts', 'last_error', 'sent_at'])
      .where('alert_id', 'in', [...alertIds])
      .orderBy('id')
      .execute();
    for (const row of rows) byAlert.set(row.alert_id, [...(byAlert.get(row.alert_id) ?? []), toDelivery(row)]);
    return byAlert;
  };

  return {
    async addRule(rule, author, at = new Date()) {
      const recipient: AlertRecipient = rule.scope === 'team' && rule.recipient ? rule.recipient : { kind: 'user', sub: author.sub };
      const row = await db
        .insertInto('alert_rules')
        .values({
          name: rule.name,
          scope: rule.scope,
          owner_sub: author.sub,
          created_by: author.name,
          event_type: rule.eventType,
          event_sub_types: JSON.stringify(rule.eventSubTypes),
          customs_flow: rule.customsFlow,
          jurisdiction: rule.jurisdiction,
          office: rule.office,
          direction: rule.direction,
          ...recipientColumns(recipient),
          mine_only: rule.mineOnly ? 1 : 0,
          digest: rule.digest ? 1 : 0,
          channels: JSON.stringify([...new Set(rule.channels)]),
          webhook_url: rule.webhookUrl,
          enabled: 1,
          created_at: at.toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return publicRule(toRule(row));
    },

    async getRule(id) {
      const row = await db.selectFrom('alert_rules').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRule(row);
    },

    async listRules(reader) {
      const rows = await db
        .selectFrom('alert_rules')
        .selectAll()
        .where((eb) => eb.or([eb('scope', '=', 'team'), eb('owner_sub', '=', reader.sub)]))
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      // The console's health is the supervisors' (its page and its rules).
      const mayRead = (rule: AlertRule) => rule.eventType !== CONSOLE_HEALTH_EVENT_TYPE || reader.roles.includes('supervisor');
      return rows.map(toRule).filter(mayRead).map(publicRule);
    },

    async deleteRule(id) {
      const result = await db.deleteFrom('alert_rules').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async setRuleEnabled(id, enabled) {
      const result = await db
        .updateTable('alert_rules')
        .set({ enabled: enabled ? 1 : 0 })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async rulesFor(eventType) {
      const rows = await db
        .selectFrom('alert_rules')
        .selectAll()
        .where('event_type', '=', eventType)
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map(toRule);
    },

    async record(alert, at = new Date()) {
      const inserted = await db
        .insertInto('alerts')
        .values({
          event_id: alert.eventId,
          rule_id: alert.ruleId,
          rule_name: alert.ruleName,
          ...recipientColumns(alert.recipient),
          console: alert.console ? 1 : 0,
          title: alert.title,
          event_type: alert.eventType,
          event_sub_type: alert.eventSubType,
          event_time: alert.eventTime,
          declaration_id: alert.declarationId,
          lrn: alert.lrn,
          created_at: at.toISOString(),
        })
        .onConflict((oc) => oc.columns(['event_id', 'rule_id', 'recipient_kind', 'recipient']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return undefined;
      if (alert.deliveries.length > 0) {
        await db
          .insertInto('alert_deliveries')
          .values(
            alert.deliveries.map((d) => ({
              alert_id: inserted.id,
              channel: d.channel,
              destination: d.destination,
              subject: d.subject,
              body: d.body,
              status: 'pending',
              attempts: 0,
              next_attempt_at: at.toISOString(),
              lease_until: null,
              last_error: null,
              sent_at: null,
            })),
          )
          .onConflict((oc) => oc.columns(['alert_id', 'channel', 'destination']).doNothing())
          .execute();
      }
      return inserted.id;
    },

    async notifications(reader, { unreadOnly, limit }) {
      let query = mine(reader).select([
        'a.id',
        'a.title',
        'a.event_type',
        'a.event_sub_type',
        'a.event_time',
        'a.declaration_id',
        'a.lrn',
        'a.rule_name',
        'a.created_at',
        'r.read_at',
      ]);
      if (unreadOnly) query = query.where('r.read_at', 'is', null);
      const rows = await query.orderBy('a.id', 'desc').limit(limit).execute();
      const deliveries = await deliveriesOf(rows.map((r) => r.id));
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        eventType: r.event_type,
        eventSubType: r.event_sub_type,
        eventTime: r.event_time,
        declarationId: r.declaration_id,
        lrn: r.lrn,
        ruleName: r.rule_name,
        read: r.read_at !== null,
        createdAt: r.created_at,
        deliveries: deliveries.get(r.id) ?? [],
      }));
    },

    async unreadCount(reader) {
      const row = await mine(reader)
        .where('r.read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async markRead(reader, ids, at = new Date()) {
      let query = mine(reader).where('r.read_at', 'is', null);
      if (ids !== 'all') {
        if (ids.length === 0) return 0;
        query = query.where('a.id', 'in', [...ids]);
      }
      const result = await db
        .insertInto('alert_reads')
        .columns(['alert_id', 'user_sub', 'read_at'])
        .expression(query.select((eb) => ['a.id', eb.val(reader.sub).as('user_sub'), eb.val(at.toISOString()).as('read_at')]))
        .onConflict((oc) => oc.columns(['alert_id', 'user_sub']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    async claimDue(limit, leaseMs, now = new Date()) {
      const nowIso = now.toISOString();
      const candidates = await db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', nowIso)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
        .orderBy('id')
        .limit(limit)
        .execute();
      const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
      const claimed: ClaimedDelivery[] = [];
      for (const c of candidates) {
        // The lease is taken by the one replica whose update finds the row still free.
        const result = await db
          .updateTable('alert_deliveries')
          .set({ lease_until: leaseUntil })
          .where('id', '=', c.id)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
          .executeTakeFirst();
        if (result.numUpdatedRows === 1n) {
          claimed.push({
            id: c.id,
            alertId: c.alert_id,
            channel: toDelivery(c).channel,
            destination: c.destination,
            subject: c.subject,
            body: c.body,
            attempts: c.attempts,
          });
        }
      }
      return claimed;
    },

    async markSent(id, at = new Date()) {
      await db
        .updateTable('alert_deliveries')
        .set((eb) => ({ status: 'sent', sent_at: at.toISOString(), lease_until: null, last_error: null, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async markAttemptFailed(id, error, retryAt) {
      await db
        .updateTable('alert_deliveries')
        .set((eb) => ({
          status: retryAt ? 'pending' : 'failed',
          next_attempt_at: retryAt ? retryAt.toISOString() : eb.ref('next_attempt_at'),
          lease_until: null,
          last_error: error.slice(0, 500),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    },

    async deliveriesOf(alertId) {
      return (await deliveriesOf([alertId])).get(alertId) ?? [];
    },

    async sentEmails(limit) {
      const rows = await db
        .selectFrom('alert_deliveries as d')
        .innerJoin('alerts as a', 'a.id', 'd.alert_id')
        .select(['d.id', 'd.destination', 'd.subject', 'd.status', 'd.attempts', 'd.last_error', 'd.sent_at', 'a.declaration_id'])
        .where('d.channel', '=', 'email')
        .orderBy('d.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        to: r.destination,
        subject: r.subject,
        status: r.status === 'sent' || r.status === 'failed' ? r.status : 'pending',
        attempts: r.attempts,
        lastError: r.last_error,
        sentAt: r.sent_at,
        declarationId: r.declaration_id,
      }));
    },

    async rememberUser(user, at = new Date()) {
      const values = { name: user.name, email: user.email, roles: JSON.stringify([...user.roles]), seen_at: at.toISOString() };
      await db
        .insertInto('alert_users')
        .values({ sub: user.sub, ...values })
        .onConflict((oc) => oc.column('sub').doUpdateSet(values))
        .execute();
    },

    async usersWithRole(role) {
      // Roles are a JSON array of known role names: the quoted name matches that element only.
      return db.selectFrom('alert_users').select(['sub', 'name', 'email']).where('roles', 'like', `%"${role}"%`).orderBy('sub').execute();
    },

    async user(sub) {
      return db.selectFrom('alert_users').select(['sub', 'name', 'email']).where('sub', '=', sub).executeTakeFirst();
    },

    async digestAlerts(fromIso, toIso) {
      const rows = await db
        .selectFrom('alerts as a')
        .innerJoin('alert_rules as r', 'r.id', 'a.rule_id')
        .select(['a.title', 'a.declaration_id', 'a.created_at', 'a.recipient_kind', 'a.recipient'])
        .where('r.digest', '=', 1)
        .where('a.created_at', '>=', fromIso)
        .where('a.created_at', '<', toIso)
        .orderBy('a.id')
        .limit(10_000)
        .execute();
      return rows.flatMap((r): DigestAlert[] => {
        const role = roleSchema.safeParse(r.recipient);
        const recipient: AlertAudience | undefined =
          r.recipient_kind === 'role' ? (role.success ? { kind: 'role', role: role.data } : undefined) : { kind: 'user', sub: r.recipient };
        return recipient ? [{ title: r.title, declarationId: r.declaration_id, createdAt: r.created_at, recipient }] : [];
      });
    },

    async claimDigest(userSub, day, at = new Date()) {
      const inserted = await db
        .insertInto('alert_digests')
        .values({ user_sub: userSub, day, claimed_at: at.toISOString() })
        .onConflict((oc) => oc.columns(['user_sub', 'day']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    async releaseDigest(userSub, day) {
      await db.deleteFrom('alert_digests').where('user_sub', '=', userSub).where('day', '=', day).execute();
    },
  };
}
