import { Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { ProblemAlert } from '../../../components/problem-alert';
import { formatCommodityCode, type TariffNode } from '../../../contract/tariff';
import { tariffTreeQueryOptions } from '../../../lib/tariff-queries';
import classes from './tariff-tree.module.css';

/** The lines below a node (or the sections), read when first shown. */
function Branch({ parent, label }: { parent: string | undefined; label: string }) {
  const query = useQuery(tariffTreeQueryOptions(parent));
  if (query.isPending) return <Loader size="xs" aria-label={`Loading ${label}`} />;
  if (query.isError) return <ProblemAlert error={query.error} title={`${label} could not be read`} onRetry={() => void query.refetch()} />;
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
            aria-label={`${open ? 'Close' : 'Open'} ${code} ${node.description}`}
          >
            {open ? '▾' : '▸'}
          </UnstyledButton>
        ) : (
          <span className={classes.toggle} aria-hidden="true" />
        )}
        <Text size="sm">
          <AnchorLink to="/tariff/$code" params={{ code: node.code }} fw={600}>
            {node.level === 'section' ? `Section ${code}` : code}
          </AnchorLink>{' '}
          {node.description}
        </Text>
      </Group>
      {open && <Branch parent={node.code} label={`Lines below ${code}`} />}
    </li>
  );
}

/** The nomenclature as a tree: sections → chapters → headings → subheadings → CN lines, opened one level at a time. */
export function TariffTree() {
  return <Branch parent={undefined} label="Sections of the nomenclature" />;
}
