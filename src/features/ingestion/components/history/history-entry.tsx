import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
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
const OUTCOME_TEXT: Record<IngestOutcome, string> = {
  Accepted: 'Accepted, waiting for processing',
  Processed: 'Processed',
  Unsuccessful: 'Unsuccessful',
  Rejected: 'Rejected (not ingested)',
  Duplicate: 'Duplicate (not ingested again)',
};

/** One message: what came in, how, when, what became of it, and where it led. */
export function HistoryEntry({ entry }: { entry: IngestHistoryEntry }) {
  const headingId = `history-${entry.id}`;
  const events = entry.outcomeEvents ?? [];
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          {/* Dark text on the coloured outline: coloured text alone is below AA contrast. */}
          <Badge color={OUTCOME_COLORS[entry.outcome]} variant="outline" tt="none" style={DARK_TEXT}>
            {OUTCOME_TEXT[entry.outcome]}
            {entry.outcomeDetail ? `: ${entry.outcomeDetail}` : ''}
          </Badge>
          <Text fw={600} id={headingId} component="h3" size="md" m={0}>
            {entry.messageType} {entry.businessReference ? `· ${entry.businessReference}` : ''}
          </Text>
          {entry.channel && (
            <Badge variant="outline" color="gray" style={DARK_TEXT}>
              {entry.channel.toUpperCase()}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Received <time dateTime={entry.receivedAt}>{formatDateTime(entry.receivedAt)}</time>
          {entry.processedAt && (
            <>
              {' '}
              · processed <time dateTime={entry.processedAt}>{formatDateTime(entry.processedAt)}</time>
            </>
          )}
          {entry.fileName && ` · file ${entry.fileName}`}
          {entry.referenceId && ` · referenceId ${entry.referenceId}`}
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
              <DeclarationLink key={id} declarationId={id} size="sm" prefix="Declaration " />
            ))}
            {entry.movementOrderIds.map((id) => (
              <AnchorLink key={id} to="/movement-orders/$id" params={{ id }} size="sm">
                Movement order {id}
              </AnchorLink>
            ))}
          </Group>
        )}
        {events.length > 0 && (
          <List size="sm" aria-label={`Outcome events of ${entry.messageType} ${entry.referenceId ?? ''}`}>
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
