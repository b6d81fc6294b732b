import { Alert, Badge, Button, Code, List, Table, Text, Title } from '@mantine/core';
import { importantGaps, type CoverageCell, type CoverageState } from '../model/coverage';

/** A symbol as well as a colour (not by colour alone); dark text on the outline keeps the contrast. */
const STATE: Record<CoverageState, { label: string; color: string }> = {
  covered: { label: '✓ Covered', color: 'green' },
  uncovered: { label: '✗ Not covered', color: 'red' },
  twice: { label: '⚠ Covered twice', color: 'orange' },
};

const combinationLabel = (c: Pick<CoverageCell, 'eventType' | 'eventSubType'>) => `${c.eventType} / ${c.eventSubType ?? 'other subtypes'}`;

interface Props {
  cells: readonly CoverageCell[];
  /** Offered on each gap when the user may create subscriptions. */
  onCreateForGap: ((cell: CoverageCell) => void) | undefined;
}

/**
 * Which events reach the tenant's systems: every known event type and subtype against the
 * subscriptions (ux idea 7), with warnings for the gaps that hide failures.
 */
export function CoverageMatrix({ cells, onCreateForGap }: Props) {
  const gaps = importantGaps(cells);
  return (
    <section aria-labelledby="coverage-heading">
      <Title order={2} size="h3" id="coverage-heading" mb="xs">
        Event coverage
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        An event reaches your systems only when a subscription for its type (all subtypes, or that subtype) exists before it happens. This
        console's own live-updates subscriptions feed the console only and do not count.
      </Text>
      {gaps.length > 0 && (
        <Alert color="red" title={`Important gaps (${gaps.length})`} mb="sm">
          <List size="sm">
            {gaps.map((g) => (
              <List.Item key={combinationLabel(g)}>
                No subscription for <strong>{combinationLabel(g)}</strong>: {g.important}.
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={800}>
        <Table withTableBorder verticalSpacing={4}>
          <Table.Caption>Event types and subtypes against this tenant&apos;s subscriptions</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Event type</Table.Th>
              <Table.Th scope="col">Subtype</Table.Th>
              <Table.Th scope="col">Coverage</Table.Th>
              <Table.Th scope="col">Subscriptions</Table.Th>
              <Table.Th scope="col">This console</Table.Th>
              {onCreateForGap && <Table.Th scope="col">Action</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cells.map((c) => (
              <Table.Tr key={combinationLabel(c)} data-testid="coverage-row" data-state={c.state}>
                <Table.Td>{c.eventType}</Table.Td>
                <Table.Td>
                  {c.eventSubType ?? (
                    <Text size="sm" c="dimmed">
                      other subtypes
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE[c.state].color} variant="outline" tt="none" style={{ color: 'var(--mantine-color-dark-7)' }}>
                    {STATE[c.state].label}
                  </Badge>
                  {c.state === 'twice' && (
                    <Text size="xs" c="dimmed">
                      delivered more than once
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {c.by.map((id) => (
                    <Code key={id} mr={4}>
                      {id}
                    </Code>
                  ))}
                </Table.Td>
                <Table.Td>{c.console ? 'live updates' : ''}</Table.Td>
                {onCreateForGap && (
                  <Table.Td>
                    {c.state === 'uncovered' && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onCreateForGap(c)}
                        aria-label={`Create subscription for ${combinationLabel(c)}`}
                      >
                        Create subscription…
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
