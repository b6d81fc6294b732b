import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Role } from '../../../contract/user-claims';
import { ProblemAlert } from '../../../components/problem-alert';
import { ApiError } from '../../../lib/api-client';

/** The BFF allows classification operations to analysts only (contract/operations.ts). */
export const isAnalyst = (roles: readonly Role[]): boolean => roles.includes('analyst');

export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** What a clerk or supervisor sees instead of the workbench (or of a raw 403). */
export function AnalystOnlyNotice() {
  return (
    <Alert color="gray" icon={<IconLock aria-hidden="true" />} title="Classification is for analysts" data-testid="analyst-only">
      <Text>
        Classification items and runs are available to the analyst role only. Ask an administrator for the analyst role if you need to
        classify goods.
      </Text>
    </Alert>
  );
}

/** An API error on a classification page: the analyst notice for a 403, the problem otherwise. */
export function ClassificationError({ error, title, onRetry }: { error: unknown; title: string; onRetry?: () => void }) {
  if (isForbidden(error)) return <AnalystOnlyNotice />;
  return <ProblemAlert error={error} title={title} {...(onRetry ? { onRetry } : {})} />;
}

/** The whole page for a clerk or supervisor: the page heading and the notice. */
export function AnalystOnlyPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Classification</Title>
      <AnalystOnlyNotice />
    </Stack>
  );
}
