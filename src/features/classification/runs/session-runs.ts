import { z } from 'zod';
import { jurisdictionSchema } from '../../../contract/classification';

/**
 * Runs started in this browser session, per item. The API has no run list, so without this a
 * reload would lose the runs the analyst just paid for (sessionStorage: per tab, gone on close).
 */
const sessionRunSchema = z.object({ runId: z.string(), jurisdiction: jurisdictionSchema, code: z.string().optional(), startedAt: z.string() });
export type SessionRun = z.infer<typeof sessionRunSchema>;

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (itemId: string) => `classification.runs.${itemId}`;

export function readSessionRuns(store: KeyValueStore, itemId: string): SessionRun[] {
  try {
    const parsed = z.array(sessionRunSchema).safeParse(JSON.parse(store.getItem(keyOf(itemId)) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Newest first; a run id is kept once. */
export function addSessionRun(store: KeyValueStore, itemId: string, run: SessionRun): SessionRun[] {
  const runs = [run, ...readSessionRuns(store, itemId).filter((r) => r.runId !== run.runId)];
  try {
    store.setItem(keyOf(itemId), JSON.stringify(runs));
  } catch {
    /* storage full or disabled: the run still shows until the page is left */
  }
  return runs;
}
