import { Button, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { useRef, useState } from 'react';
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

const MARKS: readonly { mark: DecimalMark; name: string }[] = [
  { mark: ',', name: 'Decimal comma' },
  { mark: '.', name: 'Decimal point' },
];

const shown = (text: string, mark: DecimalMark): string => {
  const value = readAs(text, mark);
  return value === undefined ? 'not a number' : formatReadNumber(value);
};

/** "Decimal comma: 1.250 is 1 250", from the first cell that reads two ways. */
function choiceLabel(question: NumberQuestion, mark: DecimalMark, name: string): string {
  const example = question.examples.find((c) => c.point !== undefined && c.comma !== undefined);
  return example ? `${name}: ${example.text} is ${shown(example.text, mark)}` : name;
}

const why = (q: NumberQuestion): string =>
  q.reason === 'contradictory'
    ? `The ${q.label} column has numbers written with a decimal point and others with a decimal comma.`
    : `Some numbers in the ${q.label} column can be read two ways, and the column and your language settings do not say which.`;

/**
 * Before pasted or imported lines are added: how the sheet writes the numbers of each column that
 * could not be read without a guess, with each example cell as it will be stored either way.
 * Nothing is added until every column is answered; Cancel adds nothing.
 */
export function NumberReadingDialog({ source, questions, onConfirm, onCancel }: Props) {
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
      title={`${source}: how are the numbers written?`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="lg">
        {questions.map((q) => (
          <Stack key={q.field} gap="xs">
            <Text size="sm">{why(q)} Choose how the sheet writes them: nothing is added before you do.</Text>
            <Radio.Group
              name={`reading-${q.field}`}
              label={`${q.label}: how are the numbers written?`}
              value={answers[q.field] ?? null}
              onChange={(value) => {
                const mark = MARKS.find((m) => m.mark === value)?.mark;
                if (mark) setAnswers((a) => ({ ...a, [q.field]: mark }));
              }}
              error={missing.includes(q.field) ? `Choose how the ${q.label} column is written.` : undefined}
            >
              <Stack gap={6} mt={6}>
                {MARKS.map(({ mark, name }, i) => (
                  <Radio
                    key={mark}
                    value={mark}
                    label={choiceLabel(q, mark, name)}
                    description={q.suggested === mark ? 'What the other numbers of the column suggest' : undefined}
                    ref={i === 0 ? (el) => void groups.current.set(q.field, el) : undefined}
                    data-autofocus={q === questions[0] && i === 0 ? true : undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Table withTableBorder fz="sm" aria-label={`${q.label}: the cells that decide, read each way`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Cell</Table.Th>
                  {MARKS.map(({ mark, name }) => (
                    <Table.Th key={mark} scope="col">
                      With a {name.toLowerCase()}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.examples.map((cell) => (
                  <Table.Tr key={cell.text}>
                    <Table.Th scope="row">{cell.text}</Table.Th>
                    {MARKS.map(({ mark }) => (
                      <Table.Td key={mark}>{shown(cell.text, mark)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel: add nothing
          </Button>
          <Button onClick={confirm}>Add lines</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
