import { Alert, Box, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RetryWait } from '../lib/api-client';
import { retryWaitText, useRetryWait } from '../lib/retry-wait';

/**
 * Shown where a screen waits on a request that will be sent again (429 or 503 with Retry-After,
 * the specification's backoff): "retrying in N s (attempt k of n)", counting down each second.
 * A polite live region, so a screen reader hears it once rather than every tick. Give it
 * `key={wait.id}` so a new wait starts its own count.
 */
export function RetryNotice({ wait, title = 'Waiting to try again' }: { wait: RetryWait; title?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait.id]);
  return (
    <Alert
      color="yellow"
      title={title}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="retry-notice"
    >
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" color="yellow" aria-hidden />
        <Text size="sm">{retryWaitText(wait, now)}</Text>
      </Group>
    </Alert>
  );
}

const isWrite = (wait: RetryWait): boolean => wait.method !== 'GET';

/**
 * A write (POST, PATCH, PUT, DELETE) waiting on Retry-After before it is sent again: shown at the
 * bottom of every console page, so the user sees the wait instead of a bare spinner on the button.
 */
export function WriteRetryNotice() {
  const wait = useRetryWait(isWrite);
  if (!wait) return null;
  return (
    <Box pos="fixed" bottom={16} right={16} maw={480} style={{ zIndex: 300 }}>
      <RetryNotice key={wait.id} wait={wait} title="Your change waits to be sent again" />
    </Box>
  );
}
