import { Code, DataList, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { splitSpaced } from '../../../contract/authorization-status';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatQuantity } from '../../../lib/format';
import { SCOPE_MEANING_KEYS } from '../model/scope-meanings';
import { authorizationStatusQuery } from '../api/connection.queries';
import { parseScopes } from '../model/console-capabilities';
import { CapabilitiesTable } from './capabilities-table';
import { ScopesTable } from './scopes-table';

/** The console's connection to the customs service: which source system, tenants and scopes it works with. */
export function ConnectionPage() {
  const { t } = useTranslation('connection');
  useDocumentTitle(t('page.documentTitle'));
  const status = useQuery(authorizationStatusQuery());
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed">{t('page.intro')}</Text>
      </Stack>
      {status.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('page.asking')}</Text>
        </Group>
      )}
      {status.isError && <ProblemAlert title={t('page.loadFailed')} error={status.error} onRetry={() => void status.refetch()} />}
      {status.isSuccess && (
        <ConnectionDetails
          sourceSysRef={status.data.sourceSysRef}
          tenantIds={splitSpaced(status.data.tenantIds)}
          scopes={splitSpaced(status.data.scopes)}
        />
      )}
    </Stack>
  );
}

function ConnectionDetails({ sourceSysRef, tenantIds, scopes }: { sourceSysRef: string; tenantIds: string[]; scopes: string[] }) {
  const { t } = useTranslation('connection');
  const granted = parseScopes(scopes);
  return (
    <>
      <DataList data-testid="connection-summary">
        <DataList.Item>
          <DataList.ItemLabel>{t('page.sourceSystem')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Code>{sourceSysRef}</Code>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('page.tenants', { count: tenantIds.length })}</DataList.ItemLabel>
          <DataList.ItemValue>
            {tenantIds.map((tenant) => (
              <Code key={tenant} mr="xs">
                {tenant}
              </Code>
            ))}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('page.scopes')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {t('page.scopeCount', {
              granted: formatQuantity(granted.known.length + granted.unknown.length),
              all: formatQuantity(Object.keys(SCOPE_MEANING_KEYS).length),
            })}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      <Stack gap="xs">
        <Title order={2} id="capabilities-heading" size="h3">
          {t('page.capabilitiesHeading')}
        </Title>
        <CapabilitiesTable scopes={granted} />
      </Stack>
      <Stack gap="xs">
        <Title order={2} id="scopes-heading" size="h3">
          {t('page.scopesHeading')}
        </Title>
        <ScopesTable scopes={granted} />
      </Stack>
    </>
  );
}
