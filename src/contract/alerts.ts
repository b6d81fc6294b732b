import { z } from 'zod';
import { directionSchema } from './customs-shipment.js';
import { destinationUrlProblem } from './subscriptions.js';
import { roleSchema } from './user-claims.js';
import { unreadCountSchema } from './unread-count.js';

/**
 * Alerts (docs/alerts.md): rules say which events go to whom by which channel; the BFF matches
 * every stored event once, keeps one alert per (event, rule, recipient) and delivers it.
 */

/** Where an alert goes: the console's notification centre, e-mail, a Teams or a Slack incoming webhook. */
export const ALERT_CHANNELS = ['console', 'email', 'teams', 'slack'] as const;
export const alertChannelSchema = z.enum(ALERT_CHANNELS);
export type AlertChannel = z.infer<typeof alertChannelSchema>;
/** The channels delivered by the BFF's outbox (the console's is the alert itself). */
export type SentChannel = Exclude<AlertChannel, 'console'>;

/** A personal rule alerts its owner; a team rule (supervisors) alerts a role or a named user. */
export const ALERT_RULE_SCOPES = ['personal', 'team'] as const;
export type AlertRuleScope = (typeof ALERT_RULE_SCOPES)[number];

export const alertRecipientSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), role: roleSchema }),
  z.object({ kind: z.literal('user'), sub: z.string().trim().min(1, 'is required').max(200) }),
  /** Whoever owns the event's declaration when it happens (an unowned declaration alerts nobody). */
  z.object({ kind: z.literal('owner') }),
]);
export type AlertRecipient = z.infer<typeof alertRecipientSchema>;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
/** A narrowing field: null or absent matches any value. */
const narrowing = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .superRefine((value, ctx) => {
    const problem = destinationUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/alerts/rules. `recipient` only on team rules (a personal rule alerts its author). */
export const newAlertRuleSchema = z
  .object({
    name: text(120),
    scope: z.enum(ALERT_RULE_SCOPES).default('personal'),
    eventType: text(100),
    /** Empty: any subtype (for DeclarationStatusChanged, any status). */
    eventSubTypes: z.array(text(100)).max(30).default([]),
    customsFlow: narrowing(50),
    jurisdiction: narrowing(10),
    office: narrowing(20),
    direction: directionSchema.nullish().transform((v) => v ?? null),
    recipient: alertRecipientSchema.optional(),
    /** "My declarations": only declarations the recipient (a person) owns. */
    mineOnly: z.boolean().default(false),
    /** E-mail once a day: one digest per user listing the day's alerts, instead of one e-mail per alert. */
    digest: z.boolean().default(false),
    channels: z.array(alertChannelSchema).min(1, 'choose at least one channel').max(ALERT_CHANNELS.length),
    /** The Teams or Slack incoming webhook: required with either channel, HTTPS (plain HTTP for loopback only). */
    webhookUrl: z
      .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), webhookUrlSchema.nullish())
      .transform((v) => v ?? null),
  })
  .superRefine((rule, ctx) => {
    if ((rule.channels.includes('teams') || rule.channels.includes('slack')) && !rule.webhookUrl) {
      ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: 'is required for a Teams or Slack channel' });
    }
    if (rule.channels.includes('teams') && rule.channels.includes('slack')) {
      ctx.addIssue({ code: 'custom', path: ['channels'], message: 'one webhook per rule: choose Teams or Slack' });
    }
    if (rule.scope === 'team' && !rule.recipient)
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'is required for a team rule' });
    if (rule.scope === 'personal' && rule.recipient)
      ctx.addIssue({ code: 'custom', path: ['recipient'], message: 'a personal rule alerts its author' });
    if (rule.digest && !rule.channels.includes('email'))
      ctx.addIssue({ code: 'custom', path: ['digest'], message: 'a daily digest is an e-mail: choose the e-mail channel' });
    if (rule.mineOnly && rule.recipient && rule.recipient.kind !== 'user')
      ctx.addIssue({ code: 'custom', path: ['mineOnly'], message: 'only a rule for one person narrows to their declarations' });
  });
export type NewAlertRule = z.output<typeof newAlertRuleSchema>;

export const alertRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(ALERT_RULE_SCOPES),
  eventType: z.string(),
  eventSubTypes: z.array(z.string()),
  customsFlow: z.string().nullable(),
  jurisdiction: z.string().nullable(),
  office: z.string().nullable(),
  direction: directionSchema.nullable(),
  recipient: alertRecipientSchema,
  mineOnly: z.boolean(),
  digest: z.boolean(),
  channels: z.array(alertChannelSchema),
  webhookUrl: z.string().nullable(),
  enabled: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;
export const alertRuleListSchema = z.object({ rules: z.array(alertRuleSchema) });

export const alertRuleIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One channel's delivery of an alert: what became of it. */
export const alertDeliverySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'teams', 'slack']),
  destination: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

/** A notification as its recipient sees it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  eventType: z.string(),
  eventSubType: z.string().nullable(),
  eventTime: z.string(),
  declarationId: z.string().nullable(),
  lrn: z.string().nullable(),
  ruleName: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  deliveries: z.array(alertDeliverySchema),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  filter: z.enum(['all', 'unread']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number().int() });
export { unreadCountSchema };

/** POST /api/notifications/read: these ids, or every one of the user's. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }),
  z.object({ all: z.literal(true) }),
]);

/** An e-mail the BFF sent (the console lists them: a newcomer sees the local mail catcher's mail). */
export const sentEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  declarationId: z.string().nullable(),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;
export const sentEmailListSchema = z.object({ emails: z.array(sentEmailSchema) });

/** Deliveries tried this many times in all end as failed. */
export const ALERT_DELIVERY_ATTEMPTS = 6;

/** PATCH /api/alerts/rules/{id}: turn a rule off or on. */
export const alertRulePatchSchema = z.object({ enabled: z.boolean() });
