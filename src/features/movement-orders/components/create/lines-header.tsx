import { Alert, Button, FileButton, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { EXCISE_PRODUCTS } from '../../../../contract/code-lists/emcs';
import { UNITS_OF_MEASURE } from '../../../../contract/code-lists/units';
import { MOVEMENT_ORDER_LINE_LIMIT } from '../../../../contract/movement-orders';
import { formatQuantity } from '../../../../lib/format';
import { EPC_LIST_ID, UOM_LIST_ID } from './line-row';

interface Props {
  movementIndex: number;
  count: number;
  /** What the last paste or import did. */
  note: string | undefined;
  /** The error about the lines as a whole. */
  listError: string | undefined;
  onImportFile: (file: File | null) => void;
  onAddLine: () => void;
  onDismissNote: () => void;
}

/**
 * Everything of the lines editor above the grid: title with the count, how to paste or import,
 * Add line, the import note and the list error, and the code lists the cells suggest from.
 * Memoised with stable callbacks: a key press in a cell changes none of it (issue 12).
 */
export const LinesHeader = memo(function LinesHeader({
  movementIndex,
  count,
  note,
  listError,
  onImportFile,
  onAddLine,
  onDismissNote,
}: Props) {
  return (
    <>
      <Group justify="space-between" align="flex-end" mb="xs">
        <div>
          <Text component="h3" fw={700} size="lg" id={`lines-heading-${movementIndex}`}>
            Lines ({formatQuantity(count)} of at most {formatQuantity(MOVEMENT_ORDER_LINE_LIMIT)})
          </Text>
          <Text size="sm" c="dimmed" id={`lines-help-${movementIndex}`}>
            Paste rows from a spreadsheet into a cell (columns in the table’s order, or with a header row), or drop a CSV file on the table.
            Arrow keys move between cells; type, Enter or F2 to edit; Enter or Tab keeps the change, Escape undoes it; Delete clears a cell.
          </Text>
        </div>
        <Group gap="xs">
          <FileButton onChange={onImportFile} accept=".csv,.tsv,.txt,text/csv,text/plain">
            {(props) => (
              <Button variant="default" {...props}>
                Import CSV file
              </Button>
            )}
          </FileButton>
          <Button variant="default" onClick={onAddLine} disabled={count >= MOVEMENT_ORDER_LINE_LIMIT}>
            Add line
          </Button>
        </Group>
      </Group>
      {note && (
        <Alert color="blue" role="status" mb="xs" withCloseButton closeButtonLabel="Dismiss" onClose={onDismissNote}>
          {note}
        </Alert>
      )}
      {listError && (
        <Text c="red.9" size="sm" role="alert" mb="xs" id={`mo-${movementIndex}-lines`} tabIndex={-1}>
          Lines: {listError}
        </Text>
      )}
      <datalist id={UOM_LIST_ID}>
        {UNITS_OF_MEASURE.map((u) => (
          <option key={u.code} value={u.code} label={u.meaning} />
        ))}
      </datalist>
      <datalist id={EPC_LIST_ID}>
        {EXCISE_PRODUCTS.map((p) => (
          <option key={p.code} value={p.code} label={p.meaning} />
        ))}
      </datalist>
    </>
  );
});
