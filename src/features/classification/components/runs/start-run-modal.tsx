import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { startClassificationSchema, type Jurisdiction } from '../../../../contract/classification';
import { JURISDICTIONS } from '../../../../contract/scopes';
import { ApiError } from '../../../../lib/api-client';
import { useStartRun } from '../../api/classification.mutations';
import { ClassificationError } from '../analyst-only';
import { codeFormatHint, validationText } from '../../model/classification-wording';

interface Props {
  itemId: string;
  opened: boolean;
  onClose: () => void;
  onStarted: () => void;
}

/** Jurisdiction, an optional code to verify, and the credit confirmation in one step (API-8). */
export function StartRunModal({ itemId, opened, onClose, onStarted }: Props) {
  const { t } = useTranslation('classification');
  const [jurisdiction, setJurisdiction] = useState<Jurisdiction>('EU');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const start = useStartRun(itemId);
  // Set on the first click, before React re-renders: a double click must not start (and pay for) two runs.
  const submitting = useRef(false);
  const noCredits = start.error instanceof ApiError && start.error.status === 402;

  const close = () => {
    if (start.isPending) return;
    submitting.current = false;
    start.reset();
    setCodeError(undefined);
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const parsed = startClassificationSchema.safeParse({ jurisdiction, ...(code.trim() ? { code: code.trim() } : {}) });
    if (!parsed.success) {
      setCodeError(validationText(parsed.error.issues[0]?.message, t));
      return;
    }
    setCodeError(undefined);
    submitting.current = true;
    start.mutate(parsed.data, {
      onSuccess: () => {
        submitting.current = false;
        onStarted();
        setCode('');
        start.reset();
        onClose();
      },
      onError: (error) => {
        submitting.current = false;
        if (error instanceof ApiError) setCodeError(error.fieldErrors['code']?.map((m) => validationText(m, t)).join(' '));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('start.title')} closeButtonProps={{ 'aria-label': t('closeDialog') }}>
      <form onSubmit={submit} noValidate aria-label={t('start.title')}>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="run-jurisdiction-label">
              {t('start.jurisdiction')}
            </Text>
            <SegmentedControl
              aria-labelledby="run-jurisdiction-label"
              data={[...JURISDICTIONS]}
              value={jurisdiction}
              onChange={(v) => {
                const found = JURISDICTIONS.find((j) => j === v);
                if (found) setJurisdiction(found);
              }}
            />
          </Stack>
          <TextInput
            label={t('start.code')}
            description={t('start.codeHint', { jurisdiction, hint: codeFormatHint(jurisdiction, t) })}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={codeError}
            spellCheck={false}
          />
          <Alert color="blue" variant="light" icon={<IconCoin aria-hidden="true" />} title={t('start.creditTitle')}>
            {t('start.creditBody')}
          </Alert>
          {noCredits && (
            <Alert color="red" title={t('start.noCreditsTitle')} role="alert">
              {t('start.noCreditsBody')}
            </Alert>
          )}
          {start.isError && !noCredits && !codeError && <ClassificationError error={start.error} title={t('start.failed')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={start.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={start.isPending} disabled={noCredits || start.isPending}>
              {t('start.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
