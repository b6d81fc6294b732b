import { Button, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import { readAs, type DecimalMark } from '../../../../lib/numbers/number-reading';
import { formatReadNumber } from '../../../../lib/numbers/number-text';
import type { NumberDecisions, NumberQuestion } from '../../model/create/line-numbers';

interface Props {
  /** What is being added: "Pasted" or the file's name. */
  source: string;
  questions: readonly NumberQuestion[];
  onConfirm: (decisions: NumberDecisions) => void;
  onCancel: () => void;
}

/** The two decimal marks, each with its name in the catalog (reading.comma, reading.point). */
const MARKS: readonly { mark: DecimalMark; name: 'comma' | 'point' }[] = [
  { mark: ',', name: 'comma' },
  { mark: '.', name: 'point' },
];

type T = TFunction<'movementOrders'>;

const shown = (text: string, mark: DecimalMark, t: T): string => {
  const value = readAs(text, mark);
  return value === undefined ? t('reading.notANumber') : formatReadNumber(value);
};

/** "Decimal comma: 1.250 is 1 250", from the first cell that reads two ways. */
function choiceLabel(question: NumberQuestion, mark: DecimalMark, name: 'comma' | 'point', t: T): string {
  const example = question.examples.find((c) => c.point !== undefined && c.comma !== undefined);
  const markName = t(`reading.${name}`);
  return example ? t('reading.choice', { mark: markName, text: example.text, value: shown(example.text, mark, t) }) : markName;
}

const why = (q: NumberQuestion, column: string, t: T): string =>
  q.reason === 'contradictory' ? t('reading.contradictory', { column }) : t('reading.ambiguous', { column });

/**
 * Before pasted or imported lines are added: how the sheet writes the numbers of each column that
 * could not be read without a guess, with each example cell as it will be stored either way.
 * Nothing is added until every column is answered; Cancel adds nothing.
 */
export function NumberReadingDialog({ source, questions, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('movementOrders');
  const [answers, setAnswers] = useState<NumberDecisions>({});
  const [missing, setMissing] = useState<readonly string[]>([]);
  const groups = useRef(new Map<string, HTMLInputElement | null>());

  const confirm = () => {
    const open = questions.filter((q) => answers[q.field] === undefined).map((q) => q.field);
    setMissing(open);
    if (open.length === 0) onConfirm(answers);
    else groups.current.get(open[0] ?? '')?.focus();
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      title={t('reading.title', { source })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('reading.close') }}
    >
      <Stack gap="lg">
        {questions.map((q) => {
          const column = t(`columns.${q.field}`);
          return (
            <Stack key={q.field} gap="xs">
              <Text size="sm">
                {why(q, column, t)} {t('reading.choose')}
              </Text>
              <Radio.Group
                name={`reading-${q.field}`}
                label={t('reading.question', { column })}
                value={answers[q.field] ?? null}
                onChange={(value) => {
                  const mark = MARKS.find((m) => m.mark === value)?.mark;
                  if (mark) setAnswers((a) => ({ ...a, [q.field]: mark }));
                }}
                error={missing.includes(q.field) ? t('reading.missing', { column }) : undefined}
              >
                <Stack gap={6} mt={6}>
                  {MARKS.map(({ mark, name }, i) => (
                    <Radio
                      key={mark}
                      value={mark}
                      label={choiceLabel(q, mark, name, t)}
                      description={q.suggested === mark ? t('reading.suggested') : undefined}
                      ref={i === 0 ? (el) => void groups.current.set(q.field, el) : undefined}
                      data-autofocus={q === questions[0] && i === 0 ? true : undefined}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Table withTableBorder fz="sm" aria-label={t('reading.tableLabel', { column })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('reading.cell')}</Table.Th>
                    {MARKS.map(({ mark, name }) => (
                      <Table.Th key={mark} scope="col">
                        {t(`reading.with_${name}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {q.examples.map((cell) => (
                    <Table.Tr key={cell.text}>
                      <Table.Th scope="row">{cell.text}</Table.Th>
                      {MARKS.map(({ mark }) => (
                        <Table.Td key={mark}>{shown(cell.text, mark, t)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('reading.cancel')}
          </Button>
          <Button onClick={confirm}>{t('reading.add')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
