import { describe, expect, it } from 'vitest';
import { addSessionRun, readSessionRuns, type KeyValueStore } from './session-runs';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('session runs', () => {
  it('keeps runs per item, newest first, once each', () => {
    const store = memoryStore();
    addSessionRun(store, 'item-1', { runId: 'a', jurisdiction: 'EU', startedAt: '1' });
    addSessionRun(store, 'item-1', { runId: 'b', jurisdiction: 'UK', code: '1234567890', startedAt: '2' });
    addSessionRun(store, 'item-1', { runId: 'a', jurisdiction: 'EU', startedAt: '3' });
    expect(readSessionRuns(store, 'item-1').map((r) => r.runId)).toEqual(['a', 'b']);
    expect(readSessionRuns(store, 'item-2')).toEqual([]);
  });
  it('survives garbage in storage', () => {
    const store = memoryStore();
    store.data.set('classification.runs.x', '{not json');
    expect(readSessionRuns(store, 'x')).toEqual([]);
    store.data.set('classification.runs.x', JSON.stringify([{ runId: 1 }]));
    expect(readSessionRuns(store, 'x')).toEqual([]);
  });
});
