import { Alert, Anchor, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { TFunction } from '../../../lib/i18n/message-keys';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatCommodityCode, normaliseCommodityCode, type TariffNode } from '../../../contract/tariff';
import { tariffCodeQueryOptions, tariffTreeQueryOptions } from '../../../lib/tariff-queries';
import type { Role } from '../../../contract/user-claims';
import { ClassifyDescription } from './classify-description';
import { TariffUsage } from './tariff-usage';

const codeText = (t: TFunction<'tariff'>, node: TariffNode) =>
  node.level === 'section' ? t('tree.section', { code: node.code }) : formatCommodityCode(node.code);

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
  const { t } = useTranslation('tariff');
  const query = useQuery(tariffTreeQueryOptions(code));
  if (query.isPending) return <Skeleton height={60} />;
  if (query.isError) return <ProblemAlert error={query.error} title={t('code.linesBelowFailed')} onRetry={() => void query.refetch()} />;
  return (
    <List spacing={4} listStyleType="none" aria-label={t('tree.linesBelow', { code: formatCommodityCode(code) })}>
      {query.data.children.map((c) => (
        <List.Item key={c.code}>
          <AnchorLink to="/tariff/$code" params={{ code: c.code }} fw={600}>
            {codeText(t, c)}
          </AnchorLink>{' '}
          <span lang="en">{c.description}</span>
        </List.Item>
      ))}
    </List>
  );
}

/** `/tariff/{code}`: a code with its levels, supplementary unit, validity, the lines below it, where it is used, and (a CN line) "Classify a description". */
export function TariffCodePage({ code, roles }: { code: string; roles: readonly Role[] }) {
  const { t } = useTranslation('tariff');
  const digits = normaliseCommodityCode(code);
  const query = useQuery(tariffCodeQueryOptions(digits));
  useDocumentTitle(t('code.documentTitle', { code: formatCommodityCode(digits) }));
  const back = (
    <AnchorLink to="/tariff" size="sm">
      {t('code.back')}
    </AnchorLink>
  );
  if (query.isPending) {
    return (
      <Stack aria-busy="true" aria-label={t('code.loading')}>
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
        <Title order={1}>{t('code.title', { code })}</Title>
        <ProblemAlert error={query.error} title={t('code.readFailed')} onRetry={() => void query.refetch()} />
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
        <Text component="nav" aria-label={t('code.levelsAbove')} size="sm">
          {ancestors.map((a, i) => (
            <span key={a.code}>
              {i > 0 && ' › '}
              <AnchorLink to="/tariff/$code" params={{ code: a.code }} title={a.description} lang="en">
                {codeText(t, a)}
              </AnchorLink>
            </span>
          ))}
        </Text>
      )}
      {!node ? (
        <>
          <Title order={1}>{formatCommodityCode(reading.code)}</Title>
          <Alert color="orange" role="alert">
            {t('code.notInCn', { code: formatCommodityCode(reading.code) })}{' '}
            {/* Dark and underlined: the theme's link blue is below AA contrast on the orange alert. */}
            <AnchorLink to="/tariff" search={{ q: reading.code.slice(0, 4) }} c="dark" td="underline">
              {t('code.searchPrefix', { prefix: reading.code.slice(0, 4) })}
            </AnchorLink>
            .
          </Alert>
        </>
      ) : (
        <>
          <Title order={1}>
            {codeText(t, node)} <span lang="en">{node.description}</span>
          </Title>
          <Table withTableBorder variant="vertical" aria-label={t('code.about')}>
            <Table.Tbody>
              <Fact term={t('code.facts.level')}>{t(`code.levels.${node.level}`)}</Fact>
              <Fact term={t('code.facts.readsAs')}>
                <Stack gap={2}>
                  {reading.levels.map((l) => (
                    <Text key={l.code} size="sm">
                      <Text span fw={600} size="sm">
                        {codeText(t, l)}
                      </Text>{' '}
                      <span lang="en">{l.description}</span>
                    </Text>
                  ))}
                </Stack>
              </Fact>
              <Fact term={t('code.facts.supplementaryUnit')}>
                {node.supplementaryUnit?.label ?? t(node.leaf ? 'code.unitNone' : 'code.unitPerLine')}
              </Fact>
              <Fact term={t('code.facts.valid')}>
                {node.validity.to
                  ? t('code.validFromTo', { nomenclature: node.validity.nomenclature, from: node.validity.from, to: node.validity.to })
                  : t('code.validFrom', { nomenclature: node.validity.nomenclature, from: node.validity.from })}
              </Fact>
              {reading.nationalDigits && (
                <Fact term={t('code.facts.nationalDigits')}>{t('code.nationalDigitsText', { digits: reading.nationalDigits })}</Fact>
              )}
              <Fact term={t('code.facts.notes')}>
                {t('code.notesBefore')}{' '}
                <Anchor href={t('code.notesUrl')} target="_blank" rel="noreferrer">
                  {t('code.notesLink')}
                </Anchor>
                .
              </Fact>
            </Table.Tbody>
          </Table>
          {node.childCount > 0 && (
            <section aria-labelledby="tariff-children-heading">
              <Group justify="space-between">
                <Title order={2} size="h3" id="tariff-children-heading">
                  {t('code.linesBelow')}
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
