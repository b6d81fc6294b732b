import { Alert, Badge, Card, Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { SubscriptionCreate } from '../../../contract/subscriptions';
import type { AuthKind } from '../model/subscription-rows';
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
  const { t } = useTranslation('subscriptions');
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
          {side.eventType} / {side.eventSubType ?? t('replace.allSubtypes')}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {side.destinationUrl}
        </Text>
        <Text size="sm">
          {side.auth ? t(`auth.${side.auth}`) : ''}
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
  const { t } = useTranslation('subscriptions');
  const d = created.body.destinationDescription;
  return (
    <Stack>
      <Alert color="blue" title={t('replace.bothActive')} role="status">
        {t('replace.bothActiveText')}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SubscriptionCard heading={t('replace.old')} state={t('replace.oldState')} side={old} />
        <SubscriptionCard
          heading={t('replace.new')}
          state={t('replace.newState')}
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
