import { Alert, Anchor, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatCommodityCode, normaliseCommodityCode, type TariffNode } from '../../../contract/tariff';
import { tariffCodeQueryOptions, tariffTreeQueryOptions } from '../../../lib/tariff-queries';
import type { Role } from '../../../contract/user-claims';
import { ClassifyDescription } from './classify-description';
import { TariffUsage } from './tariff-usage';

const LEVEL_NAMES: Record<TariffNode['level'], string> = {
  section: 'Section',
  chapter: 'Chapter',
  heading: 'Heading',
  subheading: 'Subheading',
  cn8: 'CN 8-digit line',
};

const codeText = (node: TariffNode) => (node.level === 'section' ? `Section ${node.code}` : formatCommodityCode(node.code));

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={220}>
        {term}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** The lines directly below a code, each a link. */
function Children({ code }: { code: string }) {
  const query = useQuery(tariffTreeQueryOptions(code));
  if (query.isPending) return <Skeleton height={60} />;
  if (query.isError)
    return <ProblemAlert error={query.error} title="The lines below could not be read" onRetry={() => void query.refetch()} />;
  return (
    <List spacing={4} listStyleType="none" aria-label={`Lines below ${formatCommodityCode(code)}`}>
      {query.data.children.map((c) => (
        <List.Item key={c.code}>
          <AnchorLink to="/tariff/$code" params={{ code: c.code }} fw={600}>
            {codeText(c)}
          </AnchorLink>{' '}
          {c.description}
        </List.Item>
      ))}
    </List>
  );
}

/** `/tariff/{code}`: a code with its levels, supplementary unit, validity, the lines below it, where it is used, and (a CN line) "Classify a description". */
export function TariffCodePage({ code, roles }: { code: string; roles: readonly Role[] }) {
  const digits = normaliseCommodityCode(code);
  const query = useQuery(tariffCodeQueryOptions(digits));
  useDocumentTitle(`${formatCommodityCode(digits)} · Tariff · Customs Console`);
  const back = (
    <AnchorLink to="/tariff" size="sm">
      ← Tariff
    </AnchorLink>
  );
  if (query.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading the code">
        {back}
        <Skeleton height={32} width="50%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack>
        {back}
        <Title order={1}>Code {code}</Title>
        <ProblemAlert error={query.error} title="The code could not be read" onRetry={() => void query.refetch()} />
      </Stack>
    );
  }
  const reading = query.data;
  const node = reading.node;
  const ancestors = reading.levels.filter((l) => l.code !== node?.code);
  return (
    <Stack>
      {back}
      {ancestors.length > 0 && (
        <Text component="nav" aria-label="Levels above" size="sm">
          {ancestors.map((a, i) => (
            <span key={a.code}>
              {i > 0 && ' › '}
              <AnchorLink to="/tariff/$code" params={{ code: a.code }} title={a.description}>
                {codeText(a)}
              </AnchorLink>
            </span>
          ))}
        </Text>
      )}
      {!node ? (
        <>
          <Title order={1}>{formatCommodityCode(reading.code)}</Title>
          <Alert color="orange" role="alert">
            {formatCommodityCode(reading.code)} does not exist in the CN 2026 nomenclature.{' '}
            {/* Dark and underlined: the theme's link blue is below AA contrast on the orange alert. */}
            <AnchorLink to="/tariff" search={{ q: reading.code.slice(0, 4) }} c="dark" td="underline">
              Search the codes starting with {reading.code.slice(0, 4)}
            </AnchorLink>
            .
          </Alert>
        </>
      ) : (
        <>
          <Title order={1}>
            {codeText(node)} {node.description}
          </Title>
          <Table withTableBorder variant="vertical" aria-label="About this code">
            <Table.Tbody>
              <Fact term="Level">{LEVEL_NAMES[node.level]}</Fact>
              <Fact term="Reads as">
                <Stack gap={2}>
                  {reading.levels.map((l) => (
                    <Text key={l.code} size="sm">
                      <Text span fw={600} size="sm">
                        {codeText(l)}
                      </Text>{' '}
                      {l.description}
                    </Text>
                  ))}
                </Stack>
              </Fact>
              <Fact term="Supplementary unit">
                {node.supplementaryUnit?.label ?? (node.leaf ? 'None: net mass only' : 'Given on each CN line')}
              </Fact>
              <Fact term="Valid">
                {node.validity.nomenclature}, from {node.validity.from}
                {node.validity.to ? ` to ${node.validity.to}` : ''}
              </Fact>
              {reading.nationalDigits && (
                <Fact term="National digits">{reading.nationalDigits} (TARIC or UK; not checked: no national tariff is shipped)</Fact>
              )}
              <Fact term="Notes">
                Section and chapter notes are not shipped; read them in the{' '}
                <Anchor href="https://eur-lex.europa.eu/legal-content/EN/ALL/?uri=CELEX:31987R2658" target="_blank" rel="noreferrer">
                  Combined Nomenclature (Regulation (EEC) No 2658/87, Annex I)
                </Anchor>
                .
              </Fact>
            </Table.Tbody>
          </Table>
          {node.childCount > 0 && (
            <section aria-labelledby="tariff-children-heading">
              <Group justify="space-between">
                <Title order={2} size="h3" id="tariff-children-heading">
                  Lines below
                </Title>
              </Group>
              <Children code={node.code} />
            </section>
          )}
          {/^\d+$/.test(node.code) && <TariffUsage code={node.code} />}
          {node.leaf && <ClassifyDescription code={node.code} roles={roles} />}
        </>
      )}
    </Stack>
  );
}
