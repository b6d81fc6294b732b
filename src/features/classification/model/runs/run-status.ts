import type { RunStatus } from '../../../../contract/classification';

export const isRunFinished = (status: RunStatus | undefined): boolean => status === 'Completed' || status === 'Error';

/**
 * Poll delay for a run: false once it is finished; otherwise 2 s, backing off to 15 s for a
 * slow engine (ux-anchors idea 11), so an open page does not hammer the service.
 */
export function runPollInterval(status: RunStatus | undefined, fetches: number): number | false {
  if (isRunFinished(status)) return false;
  return Math.min(15_000, 2_000 * 1.5 ** Math.max(0, fetches - 1));
}

/**
 * The statuses a run was seen in, in order, each once: kept on screen so a Pending or Processing
 * that lasted under a second is still visible after the run finished.
 */
export function withStatusSeen(seen: readonly RunStatus[], status: RunStatus | undefined): readonly RunStatus[] {
  if (status === undefined || seen.at(-1) === status) return seen;
  return [...seen, status];
}
