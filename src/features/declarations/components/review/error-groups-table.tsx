import { Badge, Button, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { leafFieldLabel } from '../../../../contract/field-labels';
import type { ErrorGroup } from '../../../../contract/review';

interface Props {
  title: string;
  hint: string;
  groups: readonly ErrorGroup[];
  /** false while the index is being built: an empty list is not the answer yet. */
  complete: boolean;
  selected: string | undefined;
  onOpen: (errorCode: string) => void;
}

/** The group's fields in words, without item numbers (the code points at the same field of many items). */
const fieldWords = (g: ErrorGroup): string[] => [...new Set(g.fields.map(leafFieldLabel))];

const list = (values: readonly string[], max = 3) =>
  values.length <= max ? values.join(', ') : `${values.slice(0, max).join(', ')} and ${values.length - max} more`;

/** Error codes of one kind, most declarations first. */
export function ErrorGroupsTable({ title, hint, groups, complete, selected, onOpen }: Props) {
  const id = `groups-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {hint}
      </Text>
      {groups.length === 0 ? (
        <Text size="sm">{complete ? 'None.' : 'None found yet.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Message</Table.Th>
                <Table.Th scope="col">Fields</Table.Th>
                <Table.Th scope="col">Flows</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'right' }}>
                  Declarations
                </Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Open</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((g) => (
                <Table.Tr key={g.errorCode} aria-current={selected === g.errorCode ? 'true' : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {/* Never cut: the badge is as wide as its code however narrow the column. */}
                    <Badge variant="outline" color="red" c="red.9" tt="none" radius="sm" miw="max-content" data-testid="group-code">
                      {g.errorCode}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{g.message}</Table.Td>
                  <Table.Td>
                    <Text size="xs" title={fieldWords(g).join('\n')}>
                      {list(fieldWords(g), 2) || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{list(g.flows)}</Text>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }} data-testid="group-count">
                    {g.declarations}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={selected === g.errorCode ? 'filled' : 'light'}
                      onClick={() => onOpen(g.errorCode)}
                      aria-label={`Open ${g.errorCode} (${g.declarations} declarations)`}
                    >
                      Open
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
