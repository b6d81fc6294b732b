import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { BulkRowState } from '../../model/review/bulk-runner';

/** Seconds left until `at`, ticking each second. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** One row's state in a bulk run, in words (colour is never the only signal). */
export function BulkRowStatus({ state }: { state: BulkRowState }) {
  const seconds = useSecondsUntil(state.kind === 'retrying' ? state.retryAt : undefined);
  switch (state.kind) {
    case 'queued':
      return <Text size="sm">Waiting</Text>;
    case 'sending':
      return <Text size="sm">Sending{state.attempt > 1 ? ` (attempt ${state.attempt})` : ''}…</Text>;
    case 'retrying':
      return (
        <Text size="sm" c="orange.9">
          Service busy ({state.status}); retrying in {seconds} s
        </Text>
      );
    case 'accepted':
      return state.outcome ? (
        <Text size="sm" fw={600}>
          {state.outcome}
        </Text>
      ) : (
        <Text size="sm">Accepted; awaiting outcome…</Text>
      );
    case 'failed':
      return (
        <Text size="sm" c="red.9">
          Failed: {state.detail}
        </Text>
      );
    case 'unsure':
      return (
        <Text size="sm" c="orange.9">
          Not known: {state.detail}
        </Text>
      );
    case 'cancelled':
      return <Text size="sm">Cancelled</Text>;
    case 'held':
      return (
        <Text size="sm" c="blue.9">
          Sent for approval: awaiting a supervisor
        </Text>
      );
    case 'skipped':
      return (
        <Text size="sm" c="dimmed">
          Skipped: {state.reason}
        </Text>
      );
  }
}
