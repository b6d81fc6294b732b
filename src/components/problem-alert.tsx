import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiError } from '../lib/api-client';

/** An error from the API as the user should see it: the problem's title and detail, and a retry. */
export function ProblemAlert({ error, title = 'The request failed', onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const problem = error instanceof ApiError ? error.problem : undefined;
  const status = error instanceof ApiError ? error.status : undefined;
  const detail = problem?.detail ?? (error instanceof Error ? error.message : 'Unknown error.');
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        {problem?.title && (
          <Text fw={600}>
            {problem.title}
            {status ? ` (HTTP ${status})` : ''}
          </Text>
        )}
        <Text>{detail}</Text>
        {onRetry && (
          <Button variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
