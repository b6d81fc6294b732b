import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { DECISION_COMMENT_MAX, type DecisionKind, type WorklistRow } from '../../../../contract/classification-workbench';
import { useRecordDecision } from '../../api/workbench.mutations';
import { ClassificationError } from '../analyst-only';
import { formatCode } from '../../../../lib/format';
import { SlottedText, slot } from '../slotted-text';

interface Props {
  row: WorklistRow | undefined;
  onClose: () => void;
}

/** Accept or reject a better suggestion, with a comment; kept by the BFF with who and when. */
export function DecisionModal({ row, onClose }: Props) {
  const { t } = useTranslation('classification');
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
      setError(t('decision.choose'));
      choiceRef.current?.focus();
      return;
    }
    record.mutate({ runId: row.run.runId, decision, comment }, { onSuccess: close });
  };

  const run = row?.run;
  return (
    <Modal opened={row !== undefined} onClose={close} title={t('decision.title')} closeButtonProps={{ 'aria-label': t('closeDialog') }}>
      {run && (
        <form onSubmit={submit} noValidate aria-label={t('decision.title')}>
          <Stack gap="md">
            <Text size="sm">
              <SlottedText
                text={t('decision.summary', {
                  item: run.itemReference ?? run.itemId,
                  jurisdiction: run.jurisdiction,
                  proposed: slot('proposed'),
                  assigned: slot('assigned'),
                })}
                slots={{
                  proposed: (
                    <Text span ff="monospace" fw={600}>
                      {run.bestCode ? formatCode(run.jurisdiction, run.bestCode) : '—'}
                    </Text>
                  ),
                  assigned: (
                    <Text span ff="monospace">
                      {run.assignedCode ? formatCode(run.jurisdiction, run.assignedCode) : '—'}
                    </Text>
                  ),
                }}
              />
            </Text>
            <Radio.Group
              label={t('decision.label')}
              withAsterisk
              value={decision}
              onChange={(v) => {
                setDecision(v === 'accepted' || v === 'rejected' ? v : '');
                setError(undefined);
              }}
              error={error}
            >
              <Group mt="xs">
                <Radio value="accepted" label={t('decision.accept')} ref={choiceRef} />
                <Radio value="rejected" label={t('decision.reject')} />
              </Group>
            </Radio.Group>
            <Textarea
              label={t('decision.comment')}
              description={t('decision.commentHint')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              maxLength={DECISION_COMMENT_MAX}
              autosize
              minRows={2}
            />
            {record.isError && <ClassificationError error={record.error} title={t('decision.failed')} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={record.isPending}>
                {t('decision.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
