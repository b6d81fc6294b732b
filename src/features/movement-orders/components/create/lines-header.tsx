import { Alert, Button, FileButton, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { EXCISE_PRODUCTS } from '../../../../contract/code-lists/emcs';
import { UNITS_OF_MEASURE } from '../../../../contract/code-lists/units';
import { MOVEMENT_ORDER_LINE_LIMIT } from '../../../../contract/movement-orders';
import { formatQuantity } from '../../../../lib/format';
import { EPC_LIST_ID, UOM_LIST_ID } from './line-row';
import { validationText } from '../../model/create/validation-text';

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
  const { t } = useTranslation('movementOrders');
  return (
    <>
      <Group justify="space-between" align="flex-end" mb="xs">
        <div>
          <Text component="h3" fw={700} size="lg" id={`lines-heading-${movementIndex}`}>
            {t('editor.linesTitle', { count: formatQuantity(count), max: formatQuantity(MOVEMENT_ORDER_LINE_LIMIT) })}
          </Text>
          <Text size="sm" c="dimmed" id={`lines-help-${movementIndex}`}>
            {t('editor.linesHelp')}
          </Text>
        </div>
        <Group gap="xs">
          <FileButton onChange={onImportFile} accept=".csv,.tsv,.txt,text/csv,text/plain">
            {(props) => (
              <Button variant="default" {...props}>
                {t('editor.importCsv')}
              </Button>
            )}
          </FileButton>
          <Button variant="default" onClick={onAddLine} disabled={count >= MOVEMENT_ORDER_LINE_LIMIT}>
            {t('editor.addLine')}
          </Button>
        </Group>
      </Group>
      {note && (
        <Alert color="blue" role="status" mb="xs" withCloseButton closeButtonLabel={t('editor.dismiss')} onClose={onDismissNote}>
          {note}
        </Alert>
      )}
      {listError && (
        <Text c="red.9" size="sm" role="alert" mb="xs" id={`mo-${movementIndex}-lines`} tabIndex={-1}>
          {t('editor.linesError', { error: validationText(listError, t) })}
        </Text>
      )}
      {/* The code lists exist only in English. */}
      <datalist id={UOM_LIST_ID} lang="en">
        {UNITS_OF_MEASURE.map((u) => (
          <option key={u.code} value={u.code} label={u.meaning} />
        ))}
      </datalist>
      <datalist id={EPC_LIST_ID} lang="en">
        {EXCISE_PRODUCTS.map((p) => (
          <option key={p.code} value={p.code} label={p.meaning} />
        ))}
      </datalist>
    </>
  );
});
