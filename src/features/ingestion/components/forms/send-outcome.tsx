import { Alert, Code, Text } from '@mantine/core';
import { ProblemAlert } from '../../../../components/problem-alert';

/** The 202 (with its referenceId, the correlation key) or the failure of a send. */
export function SendOutcome({ what, referenceId, error }: { what: string; referenceId: string | undefined; error: unknown }) {
  if (error) return <ProblemAlert error={error} title={`The ${what} was not accepted`} />;
  if (!referenceId) return null;
  return (
    <Alert color="green" role="status" title={`The ${what} was accepted`}>
      <Text size="sm">
        referenceId <Code data-testid="reference-id">{referenceId}</Code>. The service checks its business rules afterwards and reports
        failures as events (see Events).
      </Text>
    </Alert>
  );
}
