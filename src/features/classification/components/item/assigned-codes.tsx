import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ClassificationItem } from '../../../../contract/classification';
import { formatCode } from '../../../../lib/format';

/** Read-only: the API takes assigned codes only at creation (API-7). */
export function AssignedCodes({ item }: { item: ClassificationItem }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="assigned-codes-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="assigned-codes-heading">
          Assigned codes
        </Title>
        {item.assignedClassifications.length === 0 ? (
          <Text c="dimmed">No assigned codes.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Jurisdiction</Table.Th>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Comment</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {item.assignedClassifications.map((a) => (
                <Table.Tr key={a.jurisdiction}>
                  <Table.Td>{a.jurisdiction}</Table.Td>
                  <Table.Td ff="monospace">{formatCode(a.jurisdiction, a.code)}</Table.Td>
                  <Table.Td>{a.comment ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Alert color="blue" variant="light">
          The service accepts assigned codes only when an item is created; it offers no way to change them afterwards, so a better
          suggestion cannot be accepted here. To use another code, record the decision in your master data or create a new item.
        </Alert>
      </Stack>
    </Paper>
  );
}
