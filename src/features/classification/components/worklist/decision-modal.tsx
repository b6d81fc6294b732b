import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { DECISION_COMMENT_MAX, type DecisionKind, type WorklistRow } from '../../../../contract/classification-workbench';
import { useRecordDecision } from '../../api/workbench.mutations';
import { ClassificationError } from '../analyst-only';
import { formatCode } from '../../../../lib/format';

interface Props {
  row: WorklistRow | undefined;
  onClose: () => void;
}

/** Accept or reject a better suggestion, with a comment; kept by the BFF with who and when. */
export function DecisionModal({ row, onClose }: Props) {
  const record = useRecordDecision();
  const [decision, setDecision] = useState<DecisionKind | ''>('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const choiceRef = useRef<HTMLInputElement>(null);

  const close = () => {
    setDecision('');
    setComment('');
    setError(undefined);
    record.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!row || record.isPending) return;
    if (decision === '') {
      setError('Choose accept or reject.');
      choiceRef.current?.focus();
      return;
    }
    record.mutate({ runId: row.run.runId, decision, comment }, { onSuccess: close });
  };

  const run = row?.run;
  return (
    <Modal opened={row !== undefined} onClose={close} title="Record a decision" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      {run && (
        <form onSubmit={submit} noValidate aria-label="Record a decision">
          <Stack gap="md">
            <Text size="sm">
              {run.itemReference ?? run.itemId}, {run.jurisdiction}: proposed{' '}
              <Text span ff="monospace" fw={600}>
                {run.bestCode ? formatCode(run.jurisdiction, run.bestCode) : '—'}
              </Text>{' '}
              instead of the assigned{' '}
              <Text span ff="monospace">
                {run.assignedCode ? formatCode(run.jurisdiction, run.assignedCode) : '—'}
              </Text>
              .
            </Text>
            <Radio.Group
              label="Decision"
              withAsterisk
              value={decision}
              onChange={(v) => {
                setDecision(v === 'accepted' || v === 'rejected' ? v : '');
                setError(undefined);
              }}
              error={error}
            >
              <Group mt="xs">
                <Radio value="accepted" label="Accept the proposed code" ref={choiceRef} />
                <Radio value="rejected" label="Reject it, keep the assigned code" />
              </Group>
            </Radio.Group>
            <Textarea
              label="Comment"
              description="Why: for the team and for your master data update."
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              maxLength={DECISION_COMMENT_MAX}
              autosize
              minRows={2}
            />
            {record.isError && <ClassificationError error={record.error} title="The decision could not be recorded" />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={record.isPending}>
                Record decision
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
