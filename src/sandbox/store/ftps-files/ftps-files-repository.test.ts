import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import type { FtpsFile } from './ftps-files-repository.js';

const file = (id: string, overrides: Partial<FtpsFile> = {}): FtpsFile => ({
  id,
  tenantId: 't-1',
  clientId: 'console-acc',
  messageType: 'CustomsShipment',
  fileName: 'M-1.json',
  content: '{"a":1}',
  size: 7,
  uploadedAt: '2026-04-01T12:00:00.000Z',
  ...overrides,
});

describe.each(testEngines())('FTPS files on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('keeps one file per name and folder: a new upload replaces the waiting one', async () => {
    const files = store.repos.ftpsFiles;
    await files.put(file('f-1'));
    await files.put(file('f-2', { content: '{"a":2}' }));
    await files.put(file('f-3', { fileName: 'M-2.xml' }));
    await files.put(file('f-4', { tenantId: 't-2' }));
    await files.put(file('f-5', { messageType: 'Formula' }));
    expect((await files.list('t-1', 'CustomsShipment')).map((f) => [f.id, f.fileName])).toEqual([
      ['f-2', 'M-1.json'],
      ['f-3', 'M-2.xml'],
    ]);
    expect(await files.find('t-1', 'CustomsShipment', 'M-1.json')).toMatchObject({ id: 'f-2', clientId: 'console-acc', size: 7 });
    expect(await files.find('t-2', 'CustomsShipment', 'M-2.xml')).toBeUndefined();
  });

  it('takes a file out once (a replaced or deleted file is gone), and removes a waiting one', async () => {
    const files = store.repos.ftpsFiles;
    await files.put(file('f-1'));
    await files.put(file('f-2', { fileName: 'M-2.json' }));
    expect(await store.transaction((tx) => tx.ftpsFiles.take('f-1'))).toMatchObject({
      id: 'f-1',
      content: '{"a":1}',
      messageType: 'CustomsShipment',
    });
    expect(await files.take('f-1')).toBeUndefined();
    expect(await files.remove('f-2')).toBe(true);
    expect(await files.remove('f-2')).toBe(false);
    expect(await files.list('t-1', 'CustomsShipment')).toEqual([]);
  });
});
