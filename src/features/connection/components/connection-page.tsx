import { Code, DataList, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { splitSpaced } from '../../../contract/authorization-status';
import { ProblemAlert } from '../../../components/problem-alert';
import { authorizationStatusQuery } from '../api/connection.queries';
import { parseScopes } from '../model/console-capabilities';
import { CapabilitiesTable } from './capabilities-table';
import { ScopesTable } from './scopes-table';

/** The console's connection to the customs service: which source system, tenants and scopes it works with. */
export function ConnectionPage() {
  useDocumentTitle('Connection · Customs Console');
  const status = useQuery(authorizationStatusQuery());
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Connection</Title>
        <Text c="dimmed">What the console&apos;s client application may do at the customs service, as the service reports it.</Text>
      </Stack>
      {status.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>Asking the service for its authorization status…</Text>
        </Group>
      )}
      {status.isError && (
        <ProblemAlert title="The authorization status could not be loaded" error={status.error} onRetry={() => void status.refetch()} />
      )}
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
  const granted = parseScopes(scopes);
  return (
    <>
      <DataList data-testid="connection-summary">
        <DataList.Item>
          <DataList.ItemLabel>Source system</DataList.ItemLabel>
          <DataList.ItemValue>
            <Code>{sourceSysRef}</Code>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{tenantIds.length === 1 ? 'Tenant' : 'Tenants'}</DataList.ItemLabel>
          <DataList.ItemValue>
            {tenantIds.map((t) => (
              <Code key={t} mr="xs">
                {t}
              </Code>
            ))}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Scopes</DataList.ItemLabel>
          <DataList.ItemValue>{granted.known.length + granted.unknown.length} of 11</DataList.ItemValue>
        </DataList.Item>
      </DataList>
      <Stack gap="xs">
        <Title order={2} id="capabilities-heading" size="h3">
          What the console can do
        </Title>
        <CapabilitiesTable scopes={granted} />
      </Stack>
      <Stack gap="xs">
        <Title order={2} id="scopes-heading" size="h3">
          Scopes
        </Title>
        <ScopesTable scopes={granted} />
      </Stack>
    </>
  );
}
