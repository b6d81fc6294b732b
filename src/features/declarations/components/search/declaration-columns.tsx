import { Anchor, Text } from '@mantine/core';
import classes from './declaration-cells.module.css';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { use, type ReactNode } from 'react';
import type { DeclarationSummary } from '../../../../contract/declarations';
import { PlainStatusBadge } from '../status-badge-plain';
import { countryName } from '../../../../lib/countries';
import type { ColumnId } from '../../model/search/table-preferences';
import { formatDateTime } from '../../../../lib/format';
import { ErrorsCell } from './errors-cell';
import { OwnersContext } from '../../model/search/owners-context';

/** A column's header is its id in the `declarations` catalog (columns.<id>). */
export interface DeclarationColumn {
  id: ColumnId;
  /** `href`: the row's own address (the LRN column links to it); `t`: the table's, so rows render again when the language changes. */
  render: (row: DeclarationSummary, href: string, t: TFunction<'declarations'>) => ReactNode;
}

/** Mantine's Anchor (a Text) with the monospace class: the classes AnchorLink renders, on a plain `<a>` the table body handles (use-row-links). */
const ROW_LINK_CLASS = `mantine-focus-auto ${Anchor.classes.root ?? ''} ${classes.mono} ${Text.classes.root ?? ''} mantine-Text-root mantine-Anchor-root`;
const ROW_LINK_STYLE = { fontSize: 'inherit' } as const;

/** An identifier: a double click selects it to copy (use-row-links opens the row on a single click only). */
const mono = (value: string | null) =>
  value ? (
    <span className={classes.mono} data-identifier>
      {value}
    </span>
  ) : (
    <Empty />
  );

/** The declaration's owner (the BFF's assignments, read once per page by the table). */
function OwnerCell({ declarationId }: { declarationId: string }) {
  const owners = use(OwnersContext);
  if (owners === undefined) return <span className={classes.dimmed}>…</span>;
  return owners.get(declarationId) ?? <Empty />;
}

function Empty() {
  return <span className={classes.dimmed}>–</span>;
}

function DateCell({ value }: { value: string | null }) {
  if (!value) return <Empty />;
  return (
    <span className={classes.nowrap} title={value}>
      {formatDateTime(value, { dense: true })}
    </span>
  );
}

function Country({ code }: { code: string | null }) {
  if (!code) return <Empty />;
  return <span title={countryName(code)}>{code}</span>;
}

export const DECLARATION_COLUMNS: readonly DeclarationColumn[] = [
  { id: 'status', render: (r) => <PlainStatusBadge status={r.currentStatus} /> },
  { id: 'errors', render: (r, _href, t) => <ErrorsCell row={r} t={t} /> },
  {
    id: 'lrn',
    // The row's link: keyboard users reach every declaration by Tab, and it opens in a new tab too.
    render: (r, href) => (
      <a href={href} className={ROW_LINK_CLASS} data-underline="hover" style={ROW_LINK_STYLE} data-row-link>
        {r.lrn}
      </a>
    ),
  },
  { id: 'mrn', render: (r) => mono(r.mrn) },
  { id: 'arc', render: (r) => mono(r.arc) },
  { id: 'externalReference', render: (r) => mono(r.externalReference) },
  { id: 'ucr', render: (r) => mono(r.ucr) },
  {
    id: 'flow',
    render: (r) => (
      <span className={classes.nowrap}>
        {r.customsFlow} · {r.customsFlowStep}
      </span>
    ),
  },
  { id: 'jurisdiction', render: (r) => <Country code={r.jurisdiction} /> },
  { id: 'direction', render: (r, _href, t) => (r.direction === 'IN' ? t('cells.import') : t('cells.export')) },
  {
    id: 'route',
    render: (r) => (
      <span className={classes.nowrap}>
        <Country code={r.shipFrom} /> → <Country code={r.shipTo} />
      </span>
    ),
  },
  { id: 'storageLocation', render: (r) => mono(r.storageLocation) },
  { id: 'declarationDate', render: (r) => <DateCell value={r.declarationDate} /> },
  { id: 'creationDate', render: (r) => <DateCell value={r.creationDate} /> },
  { id: 'lastUpdated', render: (r) => <DateCell value={r.lastUpdated} /> },
  { id: 'owner', render: (r) => <OwnerCell declarationId={r.declarationId} /> },
];
