import { Alert } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';
import { ProblemAlert } from './problem-alert';

/** What a classification run costs, shown before the user spends it. */
export function RunCreditNotice() {
  return (
    <Alert color="blue" variant="light" icon={<IconCoin aria-hidden="true" />} title="This run uses 1 credit">
      Each classification run costs one credit of your tenant, whatever its outcome.
    </Alert>
  );
}

/** 402 from the service: the tenant has no classification credits left. */
export const isOutOfCredits = (error: unknown): boolean => error instanceof ApiError && error.status === 402;

/** Why a run could not be started: no credits left said plainly, anything else as the problem the service answered. */
export function RunStartFailure({ error }: { error: unknown }) {
  if (isOutOfCredits(error))
    return (
      <Alert color="red" title="No credits left" role="alert">
        Your tenant has no classification credits left, so no run was started. Ask your account manager for more credits.
      </Alert>
    );
  return <ProblemAlert error={error} title="The classification could not be started" />;
}
