import type { FastifyInstance } from 'fastify';
import {
  alertRuleIdParamSchema,
  alertRulePatchSchema,
  markReadSchema,
  newAlertRuleSchema,
  notificationListQuerySchema,
  type AlertRule,
} from '../../contract/alerts.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { CONSOLE_HEALTH_EVENT_TYPE } from '../../contract/console-health.js';
import { requireOperation, type BffUser } from '../plugins/user-auth.js';
import type { AlertsRepository } from '../store/alerts.js';
import { bffProblem, text } from '../i18n/problem-texts.js';

/** A user's name, roles and address are written again after this long (the bell asks every few seconds). */
const REMEMBER_EVERY_MS = 5 * 60_000;
const SENT_EMAILS_SHOWN = 50;

/** Who may change a rule: its owner for a personal rule, a supervisor for a team rule. */
function mayManage(user: BffUser, rule: AlertRule & { ownerSub: string }): boolean {
  return rule.scope === 'team' ? user.roles.includes('supervisor') : rule.ownerSub === user.sub;
}

/** The notification centre and alert rules (src/contract/alerts.ts). */
export function registerAlertRoutes(app: FastifyInstance, deps: { alerts: AlertsRepository }): void {
  const { alerts } = deps;
  const remembered = new Map<string, { key: string; at: number }>();
  /** Alerts to a role reach its members by e-mail: the BFF learns who they are as they use the console. */
  const remember = async (user: BffUser): Promise<void> => {
    const key = JSON.stringify([user.name, user.email ?? null, user.roles]);
    const last = remembered.get(user.sub);
    if (last && last.key === key && Date.now() - last.at < REMEMBER_EVERY_MS) return;
    await alerts.rememberUser({ sub: user.sub, name: user.name, email: user.email ?? null, roles: user.roles });
    remembered.set(user.sub, { key, at: Date.now() });
  };
  const ruleToManage = async (user: BffUser, params: unknown) => {
    const { id } = alertRuleIdParamSchema.parse(params);
    const rule = await alerts.getRule(id);
    if (!rule || (rule.scope === 'personal' && rule.ownerSub !== user.sub))
      throw new ProblemError(bffProblem(404, text('alerts.noRule', { id })));
    if (!mayManage(user, rule)) throw new ProblemError(bffProblem(403, text('alerts.teamChange')));
    return rule;
  };

  app.get('/api/alerts/rules', async (request, reply) => {
    const user = requireOperation(request, 'GET /api/alerts/rules');
    reply.header('cache-control', 'no-store');
    return { rules: await alerts.listRules(user) };
  });

  app.post('/api/alerts/rules', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const user = requireOperation(request, 'POST /api/alerts/rules');
    const rule = newAlertRuleSchema.parse(request.body);
    if (rule.scope === 'team' && !user.roles.includes('supervisor')) throw new ProblemError(bffProblem(403, text('alerts.teamMake')));
    // The console's health is the supervisors' page (GET /api/health); its alerts are theirs too.
    if (rule.eventType === CONSOLE_HEALTH_EVENT_TYPE && !user.roles.includes('supervisor'))
      throw new ProblemError(bffProblem(403, text('alerts.healthRules')));
    await remember(user);
    return reply.code(201).send(await alerts.addRule(rule, user));
  });

  app.patch('/api/alerts/rules/:id', async (request) => {
    const user = requireOperation(request, 'PATCH /api/alerts/rules/{id}');
    const rule = await ruleToManage(user, request.params);
    const { enabled } = alertRulePatchSchema.parse(request.body);
    await alerts.setRuleEnabled(rule.id, enabled);
    const { ownerSub: _owner, ...shown } = rule;
    return { ...shown, enabled };
  });

  app.delete('/api/alerts/rules/:id', async (request, reply) => {
    const user = requireOperation(request, 'DELETE /api/alerts/rules/{id}');
    const rule = await ruleToManage(user, request.params);
    await alerts.deleteRule(rule.id);
    return reply.code(204).send();
  });

  app.get('/api/notifications', async (request, reply) => {
    const user = requireOperation(request, 'GET /api/notifications');
    const query = notificationListQuerySchema.parse(request.query);
    await remember(user);
    reply.header('cache-control', 'no-store');
    const [notifications, unread] = await Promise.all([
      alerts.notifications(user, { unreadOnly: query.filter === 'unread', limit: query.limit }),
      alerts.unreadCount(user),
    ]);
    return { notifications, unread };
  });

  app.get('/api/notifications/unread-count', async (request, reply) => {
    const user = requireOperation(request, 'GET /api/notifications/unread-count');
    await remember(user);
    reply.header('cache-control', 'no-store');
    return { unread: await alerts.unreadCount(user) };
  });

  app.post('/api/notifications/read', { bodyLimit: 64 * 1024 }, async (request) => {
    const user = requireOperation(request, 'POST /api/notifications/read');
    const body = markReadSchema.parse(request.body);
    const marked = await alerts.markRead(user, 'all' in body ? 'all' : body.ids);
    return { marked, unread: await alerts.unreadCount(user) };
  });

  app.get('/api/notifications/emails', async (request, reply) => {
    requireOperation(request, 'GET /api/notifications/emails');
    reply.header('cache-control', 'no-store');
    return { emails: await alerts.sentEmails(SENT_EMAILS_SHOWN) };
  });
}
