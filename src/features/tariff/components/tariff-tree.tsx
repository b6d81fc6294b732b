import { Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatCommodityCode, type TariffNode } from '../../../contract/tariff';
import { tariffTreeQueryOptions } from '../../../lib/tariff-queries';
import classes from './tariff-tree.module.css';

/** Drawn, not read: the toggle's aria-label says what it does. */
const OPEN_MARK = '▾';
const CLOSED_MARK = '▸';

/** The lines below a node (or the sections), read when first shown. */
function Branch({ parent, label }: { parent: string | undefined; label: string }) {
  const { t } = useTranslation('tariff');
  const query = useQuery(tariffTreeQueryOptions(parent));
  if (query.isPending) return <Loader size="xs" aria-label={t('tree.loading', { label })} />;
  if (query.isError) return <ProblemAlert error={query.error} title={t('tree.failed', { label })} onRetry={() => void query.refetch()} />;
  return (
    <ul className={classes.list} aria-label={label}>
      {query.data.children.map((node) => (
        <TreeItem key={node.code} node={node} />
      ))}
    </ul>
  );
}

/** One line: a toggle that opens the lines below it (none for a CN line), and a link to its own page. */
function TreeItem({ node }: { node: TariffNode }) {
  const { t } = useTranslation('tariff');
  const [open, setOpen] = useState(false);
  const code = formatCommodityCode(node.code);
  return (
    <li>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {node.childCount > 0 ? (
          <UnstyledButton
            className={classes.toggle}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            aria-label={t(open ? 'tree.close' : 'tree.open', { code, description: node.description })}
          >
            <span aria-hidden="true">{open ? OPEN_MARK : CLOSED_MARK}</span>
          </UnstyledButton>
        ) : (
          <span className={classes.toggle} aria-hidden="true" />
        )}
        <Text size="sm">
          <AnchorLink to="/tariff/$code" params={{ code: node.code }} fw={600}>
            {node.level === 'section' ? t('tree.section', { code }) : code}
          </AnchorLink>{' '}
          <span lang="en">{node.description}</span>
        </Text>
      </Group>
      {open && <Branch parent={node.code} label={t('tree.linesBelow', { code })} />}
    </li>
  );
}

/** The nomenclature as a tree: sections → chapters → headings → subheadings → CN lines, opened one level at a time. */
export function TariffTree() {
  const { t } = useTranslation('tariff');
  return <Branch parent={undefined} label={t('tree.sections')} />;
}
