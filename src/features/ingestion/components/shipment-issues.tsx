import { Alert, Code, List } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { issueText } from '../model/ingestion-wording';
import type { ShipmentIssue } from '../model/shipment-text';

export function ShipmentIssues({ issues }: { issues: readonly ShipmentIssue[] }) {
  const { t } = useTranslation('ingestion');
  return (
    <Alert color="red" title={t('issues.title', { count: issues.length })} role="alert">
      <List spacing={4}>
        {issues.map((issue, i) => (
          <List.Item key={`${issue.path}-${i}`}>
            <Code>{issue.path}</Code>: {issueText(issue.message, t)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
