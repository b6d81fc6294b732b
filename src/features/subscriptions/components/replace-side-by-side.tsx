import { Alert, Badge, Card, Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionCreate } from '../../../contract/subscriptions';
import { AUTH_LABELS, type AuthKind } from '../model/subscription-rows';
import type { LoadedRow } from '../model/use-subscription-rows';

interface Side {
  id: string;
  eventType: string | undefined;
  eventSubType: string | undefined | null;
  destinationUrl: string | undefined;
  auth: AuthKind | undefined;
  headerNames: readonly string[];
}

function SubscriptionCard({ heading, side, state }: { heading: string; side: Side; state: string }) {
  return (
    <Card withBorder>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {heading}{' '}
          <Badge color="dark" tt="none">
            {state}
          </Badge>
        </Title>
        <Text size="sm">
          {side.eventType} / {side.eventSubType ?? 'all subtypes'}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {side.destinationUrl}
        </Text>
        <Text size="sm">
          {side.auth ? AUTH_LABELS[side.auth] : ''}
          {side.headerNames.length > 0 ? ` (${side.headerNames.join(', ')})` : ''}
        </Text>
        <Code>{side.id}</Code>
      </Stack>
    </Card>
  );
}

const authOf = (body: SubscriptionCreate): AuthKind =>
  body.destinationDescription.accessTokenUrl
    ? 'oauth'
    : (body.destinationDescription.additionalHeaders ?? []).length > 0
      ? 'header'
      : 'none';

/** Step two of a guided replace: both subscriptions deliver now; the user compares before deleting the old one. */
export function ReplaceSideBySide({ old, created }: { old: LoadedRow; created: { id: string; body: SubscriptionCreate } }) {
  const d = created.body.destinationDescription;
  return (
    <Stack>
      <Alert color="blue" title="Both subscriptions are active now" role="status">
        Until you delete the old one, matching events are delivered twice (once per subscription). Receivers deduplicate on the envelope id,
        which is the same in both deliveries.
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SubscriptionCard heading="Old" state="active, to be deleted" side={old} />
        <SubscriptionCard
          heading="New"
          state="active"
          side={{
            id: created.id,
            eventType: created.body.eventType,
            eventSubType: created.body.eventSubType,
            destinationUrl: d.destinationUrl,
            auth: authOf(created.body),
            headerNames: (d.additionalHeaders ?? []).map((h) => h.name),
          }}
        />
      </SimpleGrid>
    </Stack>
  );
}
