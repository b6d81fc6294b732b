import { memo, type FocusEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { LINE_DIRECTIONS } from '../../../../contract/movement-orders';
import type { LineColumn } from '../../model/create/line-columns';
import { virtualTableClasses } from '../../../../components/virtual-table';
import ownClasses from './lines-editor.module.css';
import { checkLine } from '../../model/create/order-check';
import { NUMBER_LINE_FIELDS, type LineDraft, type LineField } from '../../model/create/order-draft';
import { shownAsRead } from '../../../../lib/numbers/number-text';
import { validationText } from '../../model/create/validation-text';

const classes = virtualTableClasses(ownClasses);

export const ROW_HEIGHT = 58;
export const NUMBER_WIDTH = 56;
export const REMOVE_WIDTH = 44;
export const UOM_LIST_ID = 'movement-line-uom-codes';
export const EPC_LIST_ID = 'movement-line-epc-codes';
/** The grid column of each line's remove button, after the value columns. */
export const REMOVE_COLUMN = 'remove';

export const cellId = (movement: number, line: number, field: LineField | typeof REMOVE_COLUMN): string =>
  `mo-${movement}-lines-${line}-${field}`;

const NO_ERRORS: ReadonlyMap<string, string> = new Map();
/** The remove button's sign; its name is its aria-label. */
const CROSS = '✕';
const isNumberField = (field: LineField): boolean => (NUMBER_LINE_FIELDS as readonly string[]).includes(field);

/** Focuses the cell editor once, when it mounts, with the caret after the value (a stable ref callback). */
function focusOnMount(element: HTMLInputElement | HTMLSelectElement | null): void {
  if (!element || element === document.activeElement) return;
  element.focus({ preventScroll: true });
  if (element instanceof HTMLInputElement) element.setSelectionRange(element.value.length, element.value.length);
}

interface Props {
  movement: number;
  index: number;
  line: LineDraft;
  type: string;
  columns: readonly LineColumn[];
  /** After a send attempt every line shows its errors; before, only lines the user left or imported. */
  showErrors: boolean;
  start: number;
  /** The grid's one tab stop, when it is on this line. */
  tabStop: LineField | typeof REMOVE_COLUMN | undefined;
  /** The cell being edited, when it is on this line. */
  editing: LineField | undefined;
  onField: (movement: number, line: number, field: LineField, value: string) => void;
  onLeave: (movement: number, line: number) => void;
  onRemove: (line: number) => void;
  /** The editor lost focus (a click elsewhere): editing ends, the value stays. */
  onEditorBlur: () => void;
}

/**
 * One line of the editor: its cells are text (grid cells, one tab stop for the whole grid), and the
 * cell being edited holds the one input. Memoised: typing in one line renders that line only.
 */
export const LineRow = memo(function LineRow({
  movement,
  index,
  line,
  type,
  columns,
  showErrors,
  start,
  tabStop,
  editing,
  onField,
  onLeave,
  onRemove,
  onEditorBlur,
}: Props) {
  const { t } = useTranslation('movementOrders');
  const errors = showErrors || line.checked ? checkLine(type, line) : NO_ERRORS;
  const onBlur = (e: FocusEvent<HTMLTableRowElement>) => {
    if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) onLeave(movement, index);
  };
  return (
    <tr
      data-row={index}
      aria-rowindex={index + 2}
      className={classes.row}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      onBlur={onBlur}
      data-testid="movement-line-row"
    >
      <th scope="row" className={`${classes.cell} ${classes.number}`} style={{ width: NUMBER_WIDTH }}>
        {index + 1}
      </th>
      {columns.map((c) => {
        const id = cellId(movement, index, c.field);
        const error = validationText(errors.get(c.field), t);
        const value = line[c.field];
        const editor = {
          id: `${id}-editor`,
          className: classes.input,
          'aria-label': t('editor.cellLabel', { column: t(`columns.${c.field}`), line: String(index + 1) }),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          value,
          ref: focusOnMount,
          onBlur: onEditorBlur,
        };
        return (
          <td
            key={c.field}
            id={id}
            className={classes.cell}
            style={{ width: c.width }}
            data-field={c.field}
            tabIndex={tabStop === c.field && editing !== c.field ? 0 : -1}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            {editing !== c.field ? (
              <div className={classes.value} data-invalid={error ? true : undefined}>
                {/* A number shows as it was read ("1 250", "300.5"), so what will be sent cannot be misread. */}
                {isNumberField(c.field) ? shownAsRead(value) : value}
              </div>
            ) : c.list === 'direction' ? (
              <select {...editor} onChange={(e) => onField(movement, index, c.field, e.currentTarget.value)}>
                {LINE_DIRECTIONS.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...editor}
                list={c.list === 'uom' ? UOM_LIST_ID : c.list === 'exciseProductCode' ? EPC_LIST_ID : undefined}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => onField(movement, index, c.field, e.currentTarget.value)}
              />
            )}
            {error && (
              <div id={`${id}-error`} className={classes.error} title={error}>
                {error}
              </div>
            )}
          </td>
        );
      })}
      <td className={classes.cell} style={{ width: REMOVE_WIDTH }} data-field={REMOVE_COLUMN}>
        <button
          type="button"
          id={cellId(movement, index, REMOVE_COLUMN)}
          tabIndex={tabStop === REMOVE_COLUMN ? 0 : -1}
          className={classes.remove}
          aria-label={t('editor.removeLine', { line: String(index + 1) })}
          onClick={() => onRemove(index)}
        >
          {CROSS}
        </button>
      </td>
    </tr>
  );
});
