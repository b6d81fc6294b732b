import { Alert, Code, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../../components/problem-alert';
import type { MessageKind } from '../../model/file-drop/message-file';

/** The 202 (with its referenceId, the correlation key) or the failure of a send. */
export function SendOutcome({ kind, referenceId, error }: { kind: MessageKind; referenceId: string | undefined; error: unknown }) {
  const { t } = useTranslation('ingestion');
  if (error) return <ProblemAlert error={error} title={t('outcome.notAccepted', { kind })} />;
  if (!referenceId) return null;
  return (
    <Alert color="green" role="status" title={t('outcome.accepted', { kind })}>
      <Text size="sm">
        {t('outcome.referenceId')} <Code data-testid="reference-id">{referenceId}</Code>. {t('outcome.afterwards')}
      </Text>
    </Alert>
  );
}
