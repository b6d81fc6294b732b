import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { connect } from './engine.js';
import { NotificationListener, notifyQuery } from './notifications.js';
import { createTestDatabase, testEngines } from './test-databases.js';

/** Ends the sessions of `applicationName`, as a failover or a restarted server would. */
async function terminateSessions(url: string, applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
      applicationName,
    ]);
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!testEngines().includes('postgres'))('PostgreSQL notifications', () => {
  it('delivers committed notifications only, reconnects after the session is lost and says so through onConnected', async () => {
    const url = await createTestDatabase();
    const { db } = await connect({ url, dataDir: tmpdir(), fileName: 'unused', applicationName: 'kit-test' });
    const applicationName = `kit-listen-${randomUUID()}`;
    const payloads: string[] = [];
    const onConnected = vi.fn();
    const onError = vi.fn();
    const listener = await NotificationListener.start({
      url,
      channel: 'kit_events',
      applicationName,
      onNotification: (p) => payloads.push(p),
      onConnected,
      onError,
      retryMs: 50,
    });
    try {
      expect(listener.listening).toBe(true);
      expect(onConnected).toHaveBeenCalledTimes(1);

      await db.transaction().execute(async (trx) => {
        await notifyQuery('kit_events', '1').execute(trx);
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await notifyQuery('kit_events', 'rolled back').execute(trx);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await notifyQuery('kit_events', '2').execute(db);
      await vi.waitFor(() => expect(payloads).toEqual(['1', '2']));

      expect(await terminateSessions(url, applicationName)).toBe(1);
      await vi.waitFor(() => expect(onConnected).toHaveBeenCalledTimes(2));
      expect(onError).toHaveBeenCalled();
      expect(listener.listening).toBe(true);
      await notifyQuery('kit_events', '3').execute(db);
      await vi.waitFor(() => expect(payloads).toEqual(['1', '2', '3']));
    } finally {
      await listener.close();
      await db.destroy();
    }
    expect(listener.listening).toBe(false);
  });

  it('fails its start when the server cannot be reached, and refuses channel names that are not identifiers', async () => {
    const options = { channel: 'kit_events', applicationName: 'kit-test', onNotification: () => undefined, onConnected: () => undefined };
    await expect(NotificationListener.start({ ...options, url: 'postgres://u@127.0.0.1:1/none' })).rejects.toThrow();
    expect(() => notifyQuery('Robert"); DROP TABLE x; --', '1')).toThrow(/identifier/);
  });
});
