import { Badge, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { DeclarationLink } from '../../../../components/declaration-link';
import { WORK_NEEDS, type WorkItem } from '../../../../contract/work-queue';
import { formatDateTime } from '../../../../lib/format';
import { workTiming } from '../../model/my-work/work-age';
import { StatusBadge } from '../status-badge';

interface Props {
  items: readonly WorkItem[];
  caption: string;
  now: number;
  showOwner?: boolean;
  /** With a selection: a checkbox per row (supervisors balancing the queues). */
  selected?: ReadonlySet<string>;
  onToggle?: (declarationId: string, on: boolean) => void;
}

/** Declarations needing action, oldest in their status first: what is needed, for how long, and when it is due. */
export function WorkTable({ items, caption, now, showOwner = false, selected, onToggle }: Props) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover captionSide="top" data-testid="work-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selected && (
              <Table.Th>
                <VisuallyHidden>Select</VisuallyHidden>
              </Table.Th>
            )}
            <Table.Th>Declaration</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Needs</Table.Th>
            {showOwner && <Table.Th>Owner</Table.Th>}
            <Table.Th>In status for</Table.Th>
            <Table.Th>Due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const timing = workTiming(item, now);
            return (
              <Table.Tr key={item.declarationId} data-testid="work-row">
                {selected && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${item.lrn}`}
                      checked={selected.has(item.declarationId)}
                      onChange={(e) => onToggle?.(item.declarationId, e.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <DeclarationLink declarationId={item.declarationId} lrn={item.lrn} size="sm" />
                  <Text size="xs" c="dimmed">
                    {item.customsFlow}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={item.currentStatus} />
                </Table.Td>
                <Table.Td>{WORK_NEEDS[item.need].label}</Table.Td>
                {showOwner && <Table.Td>{item.owner?.name ?? 'Unassigned'}</Table.Td>}
                <Table.Td data-testid="work-age">
                  {timing.age}
                  <Text size="xs" c="dimmed">
                    since <time dateTime={item.enteredStatusAt}>{formatDateTime(item.enteredStatusAt, { dense: true })}</time>
                    {item.enteredStatusFrom === 'lastUpdated' && ' (last update)'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <time dateTime={item.dueAt}>{formatDateTime(item.dueAt, { dense: true })}</time>
                  <Text size="xs">
                    {timing.overdue ? (
                      <Badge color="red" variant="light" c="red.9" tt="none" size="sm">
                        {timing.due}
                      </Badge>
                    ) : (
                      timing.due
                    )}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
