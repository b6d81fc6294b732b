import { afterEach, describe, expect, it } from 'vitest';
import { newAlertRuleSchema } from '../../contract/alerts.js';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { NewAlert } from './alerts.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

const alert = (eventId: string, overrides: Partial<NewAlert> = {}): NewAlert => ({
  eventId,
  ruleId: 1,
  ruleName: 'Declarations that turn Invalid or CustomsError',
  recipient: { kind: 'role', role: 'supervisor' },
  console: true,
  title: 'Declaration LRN-1 is Invalid',
  eventType: 'DeclarationStatusChanged',
  eventSubType: 'Invalid',
  eventTime: '2026-11-27T10:00:00.000Z',
  declarationId: 'd-1',
  lrn: 'LRN-1',
  deliveries: [{ channel: 'email', destination: 'sam@example.test', subject: 'Declaration LRN-1 is Invalid', body: 'LRN-1' }],
  ...overrides,
});

const sam = { sub: 'sam', roles: ['supervisor' as const] };
const clara = { sub: 'clara', roles: ['clerk' as const] };

describe.each(testEngines())('alerts repository on %s', (engine) => {
  it('ships the default rule: supervisors hear of Invalid and CustomsError in the console and by e-mail', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const [rule] = await store.repos.alerts.rulesFor('DeclarationStatusChanged');
    expect(rule).toMatchObject({
      scope: 'team',
      eventSubTypes: ['Invalid', 'CustomsError'],
      recipient: { kind: 'role', role: 'supervisor' },
      channels: ['console', 'email'],
      enabled: true,
    });
    expect(await store.repos.alerts.rulesFor('DeclarationActionFinished')).toEqual([]);
  });

  it('keeps personal rules to their owner, team rules for all, and disabled rules out of matching', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const alerts = store.repos.alerts;
    const mine = await alerts.addRule(
      newAlertRuleSchema.parse({ name: 'My errors', eventType: 'DeclarationActionFinished', channels: ['console'], customsFlow: 'IMPORT' }),
      { sub: 'clara', name: 'Clara' },
    );
    expect(mine).toMatchObject({
      scope: 'personal',
      recipient: { kind: 'user', sub: 'clara' },
      customsFlow: 'IMPORT',
      jurisdiction: null,
      createdBy: 'Clara',
    });
    expect((await alerts.listRules(clara)).map((r) => r.name)).toEqual(['My errors', 'Declarations that turn Invalid or CustomsError']);
    // The console's health rules are for supervisors only.
    expect((await alerts.listRules(sam)).map((r) => r.name)).toEqual([
      "The console's health: events silent, the service failing",
      'Declarations that turn Invalid or CustomsError',
    ]);
    expect(await alerts.setRuleEnabled(mine.id, false)).toBe(true);
    expect(await alerts.rulesFor('DeclarationActionFinished')).toEqual([]);
    expect(await alerts.deleteRule(mine.id)).toBe(true);
    expect(await alerts.deleteRule(mine.id)).toBe(false);
  });

  it('records an alert once per (event, rule, recipient), however often it is offered', async () => {
    const { store, reopen } = await openTestStore(engine);
    opened.push(store);
    const first = await store.repos.alerts.record(alert('e-1'));
    expect(first).toEqual(expect.any(Number));
    // A second replica (PostgreSQL) or a restart (SQLite) offering the same alert.
    const other = await reopen();
    opened.push(other);
    expect(await other.repos.alerts.record(alert('e-1'))).toBeUndefined();
    expect(await store.repos.alerts.record(alert('e-1', { recipient: { kind: 'user', sub: 'clara' } }))).toEqual(expect.any(Number));
    // Each recipient has its own alert and its own e-mail.
    expect(await store.repos.alerts.sentEmails(10)).toHaveLength(2);
  });

  it('shows a role’s alerts to its members with read state per user', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const alerts = store.repos.alerts;
    await alerts.record(alert('e-1'));
    await alerts.record(alert('e-2', { lrn: 'LRN-2', title: 'Declaration LRN-2 is CustomsError' }));
    await alerts.record(alert('e-3', { recipient: { kind: 'user', sub: 'clara' }, console: true }));
    await alerts.record(alert('e-4', { console: false }));

    expect(await alerts.unreadCount(sam)).toBe(2);
    expect(await alerts.unreadCount(clara)).toBe(1);
    const list = await alerts.notifications(sam, { unreadOnly: false, limit: 50 });
    expect(list.map((n) => n.lrn)).toEqual(['LRN-2', 'LRN-1']);
    expect(list[0]?.deliveries).toEqual([
      expect.objectContaining({ channel: 'email', destination: 'sam@example.test', status: 'pending', attempts: 0 }),
    ]);

    const lrn1 = list[1]?.id ?? 0;
    expect(await alerts.markRead(sam, [lrn1])).toBe(1);
    expect(await alerts.markRead(sam, [lrn1])).toBe(0);
    expect(await alerts.unreadCount(sam)).toBe(1);
    // Read by Sam is not read by another supervisor.
    expect(await alerts.unreadCount({ sub: 'kim', roles: ['supervisor'] })).toBe(2);
    // Nobody marks what is not theirs.
    expect(await alerts.markRead(clara, [lrn1])).toBe(0);
    expect((await alerts.notifications(sam, { unreadOnly: true, limit: 50 })).map((n) => n.lrn)).toEqual(['LRN-2']);
    expect(await alerts.markRead(sam, 'all')).toBe(1);
    expect(await alerts.unreadCount(sam)).toBe(0);
  });

  it('leases each due delivery to one claimer, retries failures later and ends them as failed', async () => {
    const { store, reopen } = await openTestStore(engine);
    opened.push(store);
    const other = await reopen();
    opened.push(other);
    const t0 = new Date('2026-11-27T10:00:00.000Z');
    await store.repos.alerts.record(alert('e-1'), t0);
    const [a, b] = await Promise.all([store.repos.alerts.claimDue(10, 60_000, t0), other.repos.alerts.claimDue(10, 60_000, t0)]);
    expect([...(a ?? []), ...(b ?? [])]).toHaveLength(1);
    const claimed = [...(a ?? []), ...(b ?? [])][0];
    expect(claimed).toMatchObject({ channel: 'email', destination: 'sam@example.test', attempts: 0 });
    // Leased: nobody else takes it until the lease runs out.
    expect(await store.repos.alerts.claimDue(10, 60_000, new Date(t0.getTime() + 1_000))).toEqual([]);

    const id = claimed?.id ?? 0;
    await store.repos.alerts.markAttemptFailed(id, 'connection refused', new Date(t0.getTime() + 2_000));
    expect(await store.repos.alerts.claimDue(10, 60_000, new Date(t0.getTime() + 1_000))).toEqual([]);
    const retried = await store.repos.alerts.claimDue(10, 60_000, new Date(t0.getTime() + 2_000));
    expect(retried).toMatchObject([{ id, attempts: 1 }]);
    await store.repos.alerts.markSent(id, new Date(t0.getTime() + 3_000));
    expect(await store.repos.alerts.sentEmails(10)).toEqual([
      expect.objectContaining({
        to: 'sam@example.test',
        status: 'sent',
        attempts: 2,
        lastError: null,
        sentAt: '2026-11-27T10:00:03.000Z',
        declarationId: 'd-1',
      }),
    ]);

    await store.repos.alerts.record(alert('e-2'), t0);
    const [next] = await store.repos.alerts.claimDue(10, 60_000, t0);
    await store.repos.alerts.markAttemptFailed(next?.id ?? 0, '550 mailbox unavailable', null);
    expect(await store.repos.alerts.claimDue(10, 60_000, new Date(t0.getTime() + 3_600_000))).toEqual([]);
    expect((await store.repos.alerts.sentEmails(10))[0]).toMatchObject({ status: 'failed', lastError: '550 mailbox unavailable' });
  });

  it('remembers users and finds the members of a role', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const alerts = store.repos.alerts;
    await alerts.rememberUser({ sub: 'sam', name: 'Sam', email: 'sam@example.test', roles: ['supervisor'] });
    await alerts.rememberUser({ sub: 'clara', name: 'Clara', email: null, roles: ['clerk'] });
    await alerts.rememberUser({ sub: 'sam', name: 'Sam Supervisor', email: 'sam@example.test', roles: ['supervisor', 'clerk'] });
    expect(await alerts.usersWithRole('supervisor')).toEqual([{ sub: 'sam', name: 'Sam Supervisor', email: 'sam@example.test' }]);
    expect((await alerts.usersWithRole('clerk')).map((u) => u.sub)).toEqual(['clara', 'sam']);
    expect(await alerts.usersWithRole('analyst')).toEqual([]);
    expect(await alerts.user('clara')).toEqual({ sub: 'clara', name: 'Clara', email: null });
  });
});
