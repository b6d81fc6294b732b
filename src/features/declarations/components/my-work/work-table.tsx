import { Badge, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { DeclarationLink } from '../../../../components/declaration-link';
import type { WorkItem } from '../../../../contract/work-queue';
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
  const { t } = useTranslation('myWork');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover captionSide="top" data-testid="work-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selected && (
              <Table.Th>
                <VisuallyHidden>{t('table.select')}</VisuallyHidden>
              </Table.Th>
            )}
            <Table.Th>{t('table.declaration')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
            <Table.Th>{t('table.needs')}</Table.Th>
            {showOwner && <Table.Th>{t('table.owner')}</Table.Th>}
            <Table.Th>{t('table.inStatusFor')}</Table.Th>
            <Table.Th>{t('table.due')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const timing = workTiming(item, now, t);
            return (
              <Table.Tr key={item.declarationId} data-testid="work-row">
                {selected && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('table.selectRow', { lrn: item.lrn })}
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
                <Table.Td>{t(`need.${item.need}`)}</Table.Td>
                {showOwner && <Table.Td>{item.owner?.name ?? t('queue.unassigned')}</Table.Td>}
                <Table.Td data-testid="work-age">
                  {timing.age}
                  <Text size="xs" c="dimmed">
                    {t('table.since')} <time dateTime={item.enteredStatusAt}>{formatDateTime(item.enteredStatusAt, { dense: true })}</time>
                    {item.enteredStatusFrom === 'lastUpdated' && ` ${t('table.lastUpdate')}`}
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
