import { Checkbox, Table } from '@mantine/core';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { DeclarationSummary } from '../../../../contract/declarations';
import { plainCellClass } from '../../../../components/plain-table-row';
import type { RowSelection } from '../../model/review/row-selection';

/** Header cell: select or clear every row shown. */
export function SelectAllHeader({ selection, rows }: { selection: RowSelection; rows: readonly DeclarationSummary[] | undefined }) {
  const { t } = useTranslation('declarations');
  const shown = rows ?? [];
  const count = shown.filter((r) => selection.isSelected(r.declarationId)).length;
  return (
    <Table.Th scope="col">
      <Checkbox
        aria-label={t('selection.selectAllPage', { count: shown.length })}
        checked={shown.length > 0 && count === shown.length}
        indeterminate={count > 0 && count < shown.length}
        disabled={shown.length === 0}
        onChange={(e) => selection.toggleAll(shown, e.currentTarget.checked)}
      />
    </Table.Th>
  );
}

// Checkbox.classes holds its own and InlineInput's classes (its root is InlineInput's; Checkbox's own root class only sets the variables in ROOT_STYLE).
const ROOT_CLASS = `${Checkbox.classes.root ?? ''} mantine-Checkbox-root`;
const BODY_CLASS = `${Checkbox.classes.body ?? ''} mantine-Checkbox-body`;
const LABEL_WRAPPER_CLASS = `${Checkbox.classes.labelWrapper ?? ''} mantine-Checkbox-labelWrapper`;
const INNER_CLASS = `${Checkbox.classes.inner ?? ''} mantine-Checkbox-inner`;
const INPUT_CLASS = `mantine-focus-auto ${Checkbox.classes.input ?? ''} mantine-Checkbox-input`;
const ICON_CLASS = `${Checkbox.classes.icon ?? ''} mantine-Checkbox-icon`;
/** The variables Checkbox sets for size sm, variant filled, radius sm and the primary colour. */
const ROOT_STYLE: CSSProperties & Record<`--${string}`, string> = {
  '--checkbox-size': 'calc(1.25rem * var(--mantine-scale))',
  '--checkbox-icon-color': 'var(--mantine-color-white)',
  '--checkbox-radius': 'var(--mantine-radius-sm)',
  '--checkbox-color': 'var(--mantine-color-blue-filled)',
};

/**
 * Row cell: select one declaration (a click here does not open the row). Mantine's Checkbox
 * markup with its classes, as plain elements: a Checkbox component per row was the largest
 * single cost of rendering a hundred rows. Looks and behaves the same (a native checkbox).
 */
export function SelectRowCell({
  row,
  checked,
  onToggle,
  t,
}: {
  row: DeclarationSummary;
  checked: boolean;
  onToggle: RowSelection['toggle'];
  /** The table's (no translation hook per row). */
  t: TFunction<'declarations'>;
}) {
  return (
    <td className={plainCellClass}>
      <div className={ROOT_CLASS} data-variant="filled" data-label-position="right" data-checked={checked || undefined} style={ROOT_STYLE}>
        <div className={BODY_CLASS}>
          <div className={INNER_CLASS} data-label-position="right">
            <input
              className={INPUT_CLASS}
              data-with-error-styles="true"
              aria-label={t('selection.selectRow', { lrn: row.lrn })}
              type="checkbox"
              checked={checked}
              onChange={(e) => onToggle(row, e.currentTarget.checked)}
            />
            <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className={ICON_CLASS}>
              <path
                d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
                fill="currentColor"
                fillRule="evenodd"
                clipRule="evenodd"
              />
            </svg>
          </div>
          <div className={LABEL_WRAPPER_CLASS} />
        </div>
      </div>
    </td>
  );
}
