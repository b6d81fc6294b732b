import { describe, expect, it, vi } from 'vitest';
import { draftKey, readDraft, writeDraft } from '../draft-storage';
import { memoryStorage } from '../test-support/memory-storage';
import { ConsoleSession, defineSessionStore } from './console-session';
import { ConsoleSessions } from './console-sessions';
import { z } from 'zod';

const clerk = { tenantId: 'tenant-1', userId: 'oid-clerk' };
const supervisor = { tenantId: 'tenant-1', userId: 'oid-supervisor' };
const shipmentKey = draftKey('ingestion-draft', 2, 'shipment');
const shipment = z.object({ consignee: z.string() });

describe('console session storage', () => {
  it('keeps each user under customs-console.<tenant>.<user>. and shows no user the keys of another', () => {
    const browser = memoryStorage();
    const sessions = new ConsoleSessions(browser, () => undefined);
    writeDraft(sessions.open(clerk, 'clerk').storage, shipmentKey, { consignee: 'Clerk GmbH' });
    expect([...browser.map.keys()]).toEqual(['customs-console.tenant-1.oid-clerk.draft.ingestion-draft.v2.shipment']);

    const other = sessions.open(supervisor, 'supervisor');
    expect(readDraft(other.storage, shipmentKey, shipment)).toBeUndefined();
    // Same user id in another tenant is another user.
    expect(
      readDraft(new ConsoleSession({ ...clerk, tenantId: 'tenant-2' }, browser, () => undefined).storage, shipmentKey, shipment),
    ).toBeUndefined();
  });

  it('cannot be reached through a user id that contains the separator', () => {
    const browser = memoryStorage();
    writeDraft(new ConsoleSession({ tenantId: 't', userId: 'a.b' }, browser, () => undefined).storage, 'x', 1);
    const lookalike = new ConsoleSession({ tenantId: 't', userId: 'a' }, browser, () => undefined);
    expect(lookalike.storage.getItem('b.x')).toBeNull();
  });

  it('at sign-out removes everything the user left, clears the caches and disposes the stores; other users keep theirs', () => {
    const browser = memoryStorage();
    const clearCaches = vi.fn();
    const sessions = new ConsoleSessions(browser, clearCaches);
    writeDraft(sessions.open(supervisor, 'supervisor').storage, shipmentKey, { consignee: 'Supervisor Ltd' });
    const session = sessions.open(clerk, 'clerk');
    writeDraft(session.storage, shipmentKey, { consignee: 'Clerk GmbH' });
    session.storage.setItem('movement-orders.recent', '["mo-1"]');
    const disposed = vi.fn();
    const store = defineSessionStore(() => ({ store: { items: ['kept in memory'] }, dispose: disposed }));
    expect(store(session)).toBe(store(session));
    expect(session.unsentDraftCount()).toBe(1);

    sessions.end();

    expect([...browser.map.keys()].filter((k) => k.includes('oid-clerk'))).toEqual([]);
    expect(browser.map.has('customs-console.tenant-1.oid-supervisor.draft.ingestion-draft.v2.shipment')).toBe(true);
    expect(clearCaches).toHaveBeenCalled();
    expect(disposed).toHaveBeenCalledOnce();
    // A save that was still pending writes nothing back.
    writeDraft(session.storage, shipmentKey, { consignee: 'late save' });
    expect([...browser.map.keys()].filter((k) => k.includes('oid-clerk'))).toEqual([]);
  });

  it('when the session expires keeps the unsent drafts in the user namespace for the next sign-in of the same user', () => {
    const browser = memoryStorage();
    const clearCaches = vi.fn();
    const sessions = new ConsoleSessions(browser, clearCaches);
    const first = sessions.open(clerk, 'clerk');
    writeDraft(first.storage, shipmentKey, { consignee: 'Clerk GmbH' });
    sessions.expire();
    expect(clearCaches).toHaveBeenCalled();
    const again = sessions.open(clerk, 'clerk');
    expect(again).not.toBe(first);
    expect(readDraft(again.storage, shipmentKey, shipment)?.value).toEqual({ consignee: 'Clerk GmbH' });
  });

  it('another user in the tab gets a new session; the same user keeps theirs', () => {
    const sessions = new ConsoleSessions(memoryStorage(), () => undefined);
    const first = sessions.open(clerk, 'clerk');
    expect(sessions.open(clerk, 'clerk')).toBe(first);
    const next = sessions.open(supervisor, 'supervisor');
    expect(next).not.toBe(first);
    expect(first.isDisposed).toBe(true);
  });

  it('removes the un-keyed keys of older consoles at sign-in and moves in what was already kept per username', () => {
    const browser = memoryStorage();
    browser.setItem('customs-console.ingestion-draft.v2.shipment', '{"savedAt":"x","value":{}}');
    browser.setItem('customs-console.ingestion-draft.v2.partners', '{}');
    browser.setItem('customs-console.movement-orders.recent', '["mo-1"]');
    browser.setItem('customs-console.action-draft.v2.d-1.receiptReport', '{}');
    browser.setItem('customs-console:declarations:views:clerk', '[{"name":"Mine"}]');
    browser.setItem('customs-console:declarations:views:supervisor', '[{"name":"Theirs"}]');
    browser.setItem('customs-console.movement-order-draft.v2.tenant-1/clerk', '{"savedAt":"x"}');
    browser.setItem('mantine-color-scheme-value', 'light');

    const session = new ConsoleSessions(browser, () => undefined).open(clerk, 'clerk');

    expect([...browser.map.keys()].sort()).toEqual([
      'customs-console.tenant-1.oid-clerk.declarations.views',
      'customs-console.tenant-1.oid-clerk.draft.movement-order-draft.v2',
      'mantine-color-scheme-value',
    ]);
    expect(session.storage.getItem('declarations.views')).toBe('[{"name":"Mine"}]');
  });
});
