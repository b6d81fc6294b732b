import { afterEach, describe, expect, it } from 'vitest';
import { testEngines } from '../../server-kit/database/test-databases.js';
import { openTestStore } from '../test-support/test-store.js';
import type { BffStore } from './bff-store.js';

const opened: BffStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

describe.each(testEngines())('error notes repository on %s', (engine) => {
  it('keeps notes per code with who and when, and lists those of several codes newest first', async () => {
    const { store } = await openTestStore(engine);
    opened.push(store);
    const notes = store.repos.errorNotes;
    const first = await notes.add(
      { errorCode: 'V1003', text: 'Use GB000051.', authorSub: 's1', authorName: 'Sam' },
      new Date('2026-01-01T00:00:00.000Z'),
    );
    await notes.add({ errorCode: 'V1042', text: 'Check article data.', authorSub: 's2', authorName: 'Kim' });
    await notes.add({ errorCode: 'v1003', text: 'other code (case matters)', authorSub: 's2', authorName: 'Kim' });
    expect(first).toEqual({
      id: expect.any(Number) as number,
      errorCode: 'V1003',
      text: 'Use GB000051.',
      authorName: 'Sam',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect((await notes.forCodes(['V1003'])).map((n) => n.text)).toEqual(['Use GB000051.']);
    expect((await notes.forCodes(['V1003', 'V1042'])).map((n) => n.errorCode)).toEqual(['V1042', 'V1003']);
    expect(await notes.forCodes([])).toEqual([]);
  });
});
