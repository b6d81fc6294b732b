import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../../server-kit/database/test-databases.js';
import type { SandboxStore } from '../sandbox-store.js';
import { openTestStore } from '../test-store.js';
import type { NewDocument } from './documents-repository.js';

const doc = (id: string, overrides: Partial<NewDocument> = {}): NewDocument => ({
  id,
  tenantId: 't-1',
  declarationId: 'd-1',
  documentType: 'SAD',
  fileName: `SAD-${id}.pdf`,
  contentType: 'application/pdf',
  content: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a]),
  createdAt: '2026-04-01T12:00:00.000Z',
  ...overrides,
});

describe.each(testEngines())('documents on %s', (engine) => {
  let store: SandboxStore;
  beforeEach(async () => {
    store = (await openTestStore(engine)).store;
  });
  afterEach(async () => store.close());

  it('lists a declaration’s documents oldest first, finds one by id and type, and serves its bytes unchanged', async () => {
    const repo = store.repos.documents;
    await repo.add(doc('b', { documentType: 'EAD', fileName: 'EAD.pdf' }));
    await repo.add(doc('a'));
    await repo.add(doc('c', { createdAt: '2026-03-01T00:00:00.000Z' }));
    await repo.add(doc('x', { tenantId: 't-2' }));
    await repo.add(doc('y', { declarationId: 'd-2' }));

    expect(await repo.list('t-1', 'd-1')).toEqual([
      { id: 'c', documentType: 'SAD', fileName: 'SAD-c.pdf' },
      { id: 'a', documentType: 'SAD', fileName: 'SAD-a.pdf' },
      { id: 'b', documentType: 'EAD', fileName: 'EAD.pdf' },
    ]);
    expect(await repo.list('t-2', 'd-2')).toEqual([]);
    expect(await repo.find('t-1', 'd-1', 'b')).toEqual({ id: 'b', documentType: 'EAD', fileName: 'EAD.pdf' });
    expect(await repo.find('t-1', 'd-1', 'b', 'EAD')).toBeDefined();
    expect(await repo.find('t-1', 'd-1', 'b', 'SAD')).toBeUndefined();
    expect(await repo.find('t-1', 'd-2', 'b')).toBeUndefined();
    expect(await repo.find('t-2', 'd-1', 'b')).toBeUndefined();

    const content = await repo.content('t-1', 'a');
    expect(content?.contentType).toBe('application/pdf');
    expect(content?.fileName).toBe('SAD-a.pdf');
    expect([...(content?.content ?? [])]).toEqual([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a]);
    expect(await repo.content('t-2', 'a')).toBeUndefined();
  });

  it('records owed documents once and settles each once', async () => {
    const repo = store.repos.documents;
    await repo.owe([
      { declarationId: 'd-2', documentType: 'SAD' },
      { declarationId: 'd-1', documentType: 'EAD' },
      { declarationId: 'd-1', documentType: 'SAD' },
      { declarationId: 'd-1', documentType: 'EAD' },
    ]);
    await repo.owe([{ declarationId: 'd-1', documentType: 'EAD' }]);
    await repo.owe([]);
    expect(await repo.owed(10)).toEqual([
      { declarationId: 'd-1', documentType: 'EAD' },
      { declarationId: 'd-1', documentType: 'SAD' },
      { declarationId: 'd-2', documentType: 'SAD' },
    ]);
    expect(await repo.owed(1)).toHaveLength(1);
    expect(await repo.settle({ declarationId: 'd-1', documentType: 'EAD' })).toBe(true);
    expect(await repo.settle({ declarationId: 'd-1', documentType: 'EAD' })).toBe(false);
    expect(await repo.owed(10)).toHaveLength(2);
  });
});
