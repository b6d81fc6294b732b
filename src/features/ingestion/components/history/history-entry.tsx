import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { IngestHistoryEntry, IngestOutcome } from '../../../../contract/ingest-history';
import { AnchorLink } from '../../../../components/anchor-link';
import { DeclarationLink } from '../../../../components/declaration-link';
import { formatDateTime } from '../../../../lib/format';

const DARK_TEXT = { color: 'var(--mantine-color-dark-7)' };

const OUTCOME_COLORS: Record<IngestOutcome, string> = {
  Accepted: 'blue',
  Processed: 'green',
  Unsuccessful: 'orange',
  Rejected: 'red',
  Duplicate: 'gray',
};

/** One message: what came in, how, when, what became of it, and where it led. */
export function HistoryEntry({ entry }: { entry: IngestHistoryEntry }) {
  const { t } = useTranslation('ingestion');
  const headingId = `history-${entry.id}`;
  const outcome = t(`history.outcome.${entry.outcome}`);
  const events = entry.outcomeEvents ?? [];
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          {/* Dark text on the coloured outline: coloured text alone is below AA contrast. */}
          <Badge color={OUTCOME_COLORS[entry.outcome]} variant="outline" tt="none" style={DARK_TEXT}>
            {entry.outcomeDetail ? `${outcome}: ${entry.outcomeDetail}` : outcome}
          </Badge>
          {/* The message's type and reference are data: never translated. */}
          <Text fw={600} id={headingId} component="h3" size="md" m={0} translate="no">
            {entry.messageType} {entry.businessReference ? `· ${entry.businessReference}` : ''}
          </Text>
          {entry.channel && (
            <Badge variant="outline" color="gray" style={DARK_TEXT}>
              {entry.channel.toUpperCase()}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <time dateTime={entry.receivedAt}>{t('history.received', { time: formatDateTime(entry.receivedAt) })}</time>
          {entry.processedAt && (
            <time dateTime={entry.processedAt}>{t('history.processed', { time: formatDateTime(entry.processedAt) })}</time>
          )}
          {entry.fileName && t('history.file', { name: entry.fileName })}
          {entry.referenceId && t('history.referenceId', { referenceId: entry.referenceId })}
        </Text>
        {entry.errors.length > 0 && (
          <List size="sm" c="red.8">
            {entry.errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        )}
        {(entry.declarationIds.length > 0 || entry.movementOrderIds.length > 0) && (
          <Group gap="sm">
            {entry.declarationIds.map((id) => (
              <DeclarationLink key={id} declarationId={id} size="sm" prefix={t('history.declarationPrefix')} />
            ))}
            {entry.movementOrderIds.map((id) => (
              <AnchorLink key={id} to="/movement-orders/$id" params={{ id }} size="sm">
                {t('history.movementOrder', { id })}
              </AnchorLink>
            ))}
          </Group>
        )}
        {events.length > 0 && (
          <List size="sm" aria-label={t('history.outcomeEvents', { messageType: entry.messageType, referenceId: entry.referenceId ?? '' })}>
            {events.map((e) => (
              <List.Item key={e.event.id}>
                {e.event.eventType} {e.event.eventSubType} · <time dateTime={e.event.eventTime}>{formatDateTime(e.event.eventTime)}</time>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
