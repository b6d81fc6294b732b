import { memo, type FocusEvent } from 'react';
import { LINE_DIRECTIONS } from '../../../../contract/movement-orders';
import type { LineColumn } from '../../model/create/line-columns';
import classes from './lines-editor.module.css';
import { checkLine } from '../../model/create/order-check';
import type { LineDraft, LineField } from '../../model/create/order-draft';

export const ROW_HEIGHT = 58;
export const NUMBER_WIDTH = 56;
export const REMOVE_WIDTH = 44;
export const UOM_LIST_ID = 'movement-line-uom-codes';
export const EPC_LIST_ID = 'movement-line-epc-codes';

export const cellId = (movement: number, line: number, field: LineField): string => `mo-${movement}-lines-${line}-${field}`;

const NO_ERRORS: ReadonlyMap<string, string> = new Map();

interface Props {
  movement: number;
  index: number;
  line: LineDraft;
  type: string;
  columns: readonly LineColumn[];
  /** After a send attempt every line shows its errors; before, only lines the user left or imported. */
  showErrors: boolean;
  start: number;
  onField: (movement: number, line: number, field: LineField, value: string) => void;
  onLeave: (movement: number, line: number) => void;
  onRemove: (line: number) => void;
}

/** One line of the editor. Memoised: typing in one line renders that line only. */
export const LineRow = memo(function LineRow({ movement, index, line, type, columns, showErrors, start, onField, onLeave, onRemove }: Props) {
  const errors = showErrors || line.checked ? checkLine(type, line) : NO_ERRORS;
  const onBlur = (e: FocusEvent<HTMLTableRowElement>) => {
    if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) onLeave(movement, index);
  };
  return (
    <tr data-row={index} aria-rowindex={index + 2} className={classes.row} style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }} onBlur={onBlur} data-testid="movement-line-row">
      <th scope="row" className={`${classes.cell} ${classes.number}`} style={{ width: NUMBER_WIDTH }}>
        {index + 1}
      </th>
      {columns.map((c) => {
        const id = cellId(movement, index, c.field);
        const error = errors.get(c.field);
        const common = {
          id,
          className: classes.input,
          'aria-label': `${c.label}, line ${index + 1}`,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          'data-field': c.field,
          value: line[c.field],
        };
        return (
          <td key={c.field} className={classes.cell} style={{ width: c.width }}>
            {c.list === 'direction' ? (
              <select {...common} onChange={(e) => onField(movement, index, c.field, e.currentTarget.value)}>
                {LINE_DIRECTIONS.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
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
      <td className={classes.cell} style={{ width: REMOVE_WIDTH }}>
        <button type="button" className={classes.remove} aria-label={`Remove line ${index + 1}`} onClick={() => onRemove(index)}>
          ✕
        </button>
      </td>
    </tr>
  );
});
