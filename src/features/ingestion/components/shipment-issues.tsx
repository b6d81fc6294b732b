import { Alert, Code, List } from '@mantine/core';
import type { ShipmentIssue } from '../model/shipment-text';

export function ShipmentIssues({ issues }: { issues: readonly ShipmentIssue[] }) {
  return (
    <Alert color="red" title={`The shipment does not match the contract (${issues.length})`} role="alert">
      <List spacing={4}>
        {issues.map((issue, i) => (
          <List.Item key={`${issue.path}-${i}`}>
            <Code>{issue.path}</Code>: {issue.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
