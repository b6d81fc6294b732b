import { Alert, Badge, Button, Code, List, Table, Text, Title } from '@mantine/core';
import type { TFunction } from '../../../lib/i18n/message-keys';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { MESSAGE_TAGS } from '../../../components/message-tags';
import { importantGaps, type CoverageCell, type CoverageState } from '../model/coverage';

/** A symbol as well as a colour (not by colour alone); dark text on the outline keeps the contrast. */
const STATE_COLORS: Record<CoverageState, string> = { covered: 'green', uncovered: 'red', twice: 'orange' };

/** Event type and subtype are the service's names; "other subtypes" is the console's. */
const combinationLabel = (c: Pick<CoverageCell, 'eventType' | 'eventSubType'>, t: TFunction<'subscriptions'>) =>
  `${c.eventType} / ${c.eventSubType ?? t('coverage.otherSubtypes')}`;

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
  const { t, rich } = useTranslation('subscriptions');
  const gaps = importantGaps(cells);
  return (
    <section aria-labelledby="coverage-heading">
      <Title order={2} size="h3" id="coverage-heading" mb="xs">
        {t('coverage.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('coverage.intro')}
      </Text>
      {gaps.length > 0 && (
        <Alert color="red" title={t('coverage.gaps', { count: String(gaps.length) })} mb="sm">
          <List size="sm">
            {gaps.map((g) => (
              <List.Item key={combinationLabel(g, t)}>
                {rich(
                  'coverage.gap',
                  { combination: combinationLabel(g, t), why: g.important ? t(`coverage.why.${g.important}`) : '' },
                  MESSAGE_TAGS,
                )}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={800}>
        <Table withTableBorder verticalSpacing={4}>
          <Table.Caption>{t('coverage.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('eventType')}</Table.Th>
              <Table.Th scope="col">{t('subtype')}</Table.Th>
              <Table.Th scope="col">{t('coverage.coverage')}</Table.Th>
              <Table.Th scope="col">{t('coverage.subscriptions')}</Table.Th>
              <Table.Th scope="col">{t('coverage.thisConsole')}</Table.Th>
              {onCreateForGap && <Table.Th scope="col">{t('coverage.action')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cells.map((c) => (
              <Table.Tr key={combinationLabel(c, t)} data-testid="coverage-row" data-state={c.state}>
                <Table.Td>{c.eventType}</Table.Td>
                <Table.Td>
                  {c.eventSubType ?? (
                    <Text size="sm" c="dimmed">
                      {t('coverage.otherSubtypes')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLORS[c.state]} variant="outline" tt="none" style={{ color: 'var(--mantine-color-dark-7)' }}>
                    {t(`coverage.state.${c.state}`)}
                  </Badge>
                  {c.state === 'twice' && (
                    <Text size="xs" c="dimmed">
                      {t('coverage.moreThanOnce')}
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
                <Table.Td>{c.console ? t('coverage.liveUpdates') : ''}</Table.Td>
                {onCreateForGap && (
                  <Table.Td>
                    {c.state === 'uncovered' && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => onCreateForGap(c)}
                        aria-label={t('coverage.createFor', { combination: combinationLabel(c, t) })}
                      >
                        {t('coverage.create')}
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
