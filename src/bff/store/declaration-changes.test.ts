import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

describe.each(testEngines())('declaration changes repository on %s', (engine) => {
  it('keeps each change with who, when, what was sent and what was there before, newest first per declaration', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const changes = store.repos.declarationChanges;
    const base = {
      declarationId: 'D-1',
      changedAt: '2026-01-01T10:00:00.000Z',
      authorSub: 's',
      authorName: 'Clara Clerk',
      upstreamStatus: 202,
    };
    await changes.record({
      ...base,
      itemId: null,
      operation: 'PATCH /v1/declarations/{declarationId}',
      sent: { singleAdministrativeDocument: { invoiceCurrency: 'EUR' } },
      before: { invoiceCurrency: 'ZZ9' },
    });
    await changes.record({
      ...base,
      itemId: 'I-1',
      operation: 'PATCH /v1/declarations/{declarationId}/items/{id}',
      sent: { goodsMeasure: { nmass: 2 } },
      before: null,
      upstreamStatus: null,
    });
    await changes.record({
      ...base,
      declarationId: 'D-2',
      itemId: null,
      operation: 'PATCH /v1/declarations/{declarationId}',
      sent: {},
      before: {},
    });
    const list = await changes.forDeclaration('D-1', 10);
    expect(list.map((c) => c.itemId)).toEqual(['I-1', null]);
    expect(list[1]).toEqual({
      id: expect.any(Number) as number,
      declarationId: 'D-1',
      itemId: null,
      operation: 'PATCH /v1/declarations/{declarationId}',
      changedAt: base.changedAt,
      authorName: 'Clara Clerk',
      sent: { singleAdministrativeDocument: { invoiceCurrency: 'EUR' } },
      before: { invoiceCurrency: 'ZZ9' },
      upstreamStatus: 202,
    });
    expect(list[0]?.before).toBeNull();
    expect(await changes.forDeclaration('D-1', 1)).toHaveLength(1);
  });
});
