import type { RunStatus } from '../../../../contract/classification';

/**
 * The statuses a run was seen in, in order, each once: kept on screen so a Pending or Processing
 * that lasted under a second is still visible after the run finished.
 */
export function withStatusSeen(seen: readonly RunStatus[], status: RunStatus | undefined): readonly RunStatus[] {
  if (status === undefined || seen.at(-1) === status) return seen;
  return [...seen, status];
}
