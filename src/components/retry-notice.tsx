import { Alert, Box, Group, Loader, Text } from '@mantine/core';
import type { TFunction } from '../lib/i18n/message-keys';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n/use-translation';
import type { RetryWait } from '../lib/api-client';
import { useRetryWait } from '../lib/retry-wait';

/** "The service is busy (too many requests): retrying in 3 s (attempt 2 of 4)." Whole seconds, never below 1 while waiting. */
function retryWords(wait: RetryWait, now: number, t: TFunction): string {
  const reason =
    wait.status === 429
      ? t('components.retry.busy')
      : wait.status === 0
        ? t('components.retry.unreachable')
        : t('components.retry.unavailable', { status: wait.status });
  const seconds = Math.max(1, Math.ceil((wait.until - now) / 1000));
  return t('components.retry.text', { reason, seconds, attempt: wait.attempt, maxAttempts: wait.maxAttempts });
}

/**
 * Shown where a screen waits on a request that will be sent again (429 or 503 with Retry-After,
 * the specification's backoff): "retrying in N s (attempt k of n)", counting down each second.
 * A polite live region, so a screen reader hears it once rather than every tick. Give it
 * `key={wait.id}` so a new wait starts its own count.
 */
export function RetryNotice({ wait, title }: { wait: RetryWait; title?: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait.id]);
  return (
    <Alert
      color="yellow"
      title={title ?? t('components.retry.title')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="retry-notice"
    >
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" color="yellow" aria-hidden />
        <Text size="sm">{retryWords(wait, now, t)}</Text>
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
  const { t } = useTranslation();
  const wait = useRetryWait(isWrite);
  if (!wait) return null;
  return (
    <Box pos="fixed" bottom={16} right={16} maw={480} style={{ zIndex: 300 }}>
      <RetryNotice key={wait.id} wait={wait} title={t('components.retry.write')} />
    </Box>
  );
}
