import { Alert, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../../components/problem-alert';
import { missingScopeWords, ScopeGatedButton } from '../../../../components/scope-gated-button';
import { useMissingScope } from '../../../../lib/scope-gate';
import { useSendMessageFile } from '../../api/history/ingest-history.queries';
import { detectMessage } from '../../model/history/detect-message';
import { parseMessageFile, type MessageKind } from '../../model/file-drop/message-file';
import { dropErrorText } from '../../model/ingestion-wording';

export interface LoadedFile {
  kind: MessageKind;
  fileName: string;
  message: unknown;
}

const ACCEPT = '.json,.xml,application/json,application/xml,text/xml';

/**
 * The page's one file drop: a JSON or XML message file, dropped or chosen, sent as it is to the
 * HTTPS endpoint of its type (detected from its content), the way an integrator's system sends it;
 * it then appears in the ingest history. A file the service refuses can be opened in its form,
 * where each problem shows at its field before it is sent again.
 */
export function FileDrop({ onOpen }: { onOpen: (file: LoadedFile) => void }) {
  const { t } = useTranslation('ingestion');
  const common = useTranslation().t;
  const send = useSendMessageFile();
  const missingScope = useMissingScope('create:messages');
  const [over, setOver] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const [refused, setRefused] = useState<LoadedFile>();

  const take = async (file: File | null) => {
    if (!file) return;
    send.reset();
    setRefused(undefined);
    if (missingScope) return setNotice({ ok: false, text: missingScopeWords(missingScope, common) });
    const text = await file.text();
    const message = detectMessage(text);
    if ('error' in message) return setNotice({ ok: false, text: `${file.name}: ${dropErrorText(message.error, t)}` });
    setNotice(undefined);
    send.mutate(
      { text, message },
      {
        onSuccess: ({ referenceId }) =>
          setNotice({ ok: true, text: t('fileDrop.sent', { file: file.name, type: message.type, referenceId }) }),
        onError: () => {
          const parsed = parseMessageFile(file.name, text);
          if (parsed.ok && parsed.kind) setRefused({ kind: parsed.kind, fileName: file.name, message: parsed.message });
        },
      },
    );
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files[0] ?? null);
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-light)' : undefined }}
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="file-drop"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text id="file-drop-hint">{t('fileDrop.hint')}</Text>
          <FileButton onChange={(f) => void take(f)} accept={ACCEPT}>
            {(props) => (
              <ScopeGatedButton
                {...props}
                missing={missingScope}
                variant="default"
                loading={send.isPending}
                aria-describedby="file-drop-hint"
              >
                {t('fileDrop.choose')}
              </ScopeGatedButton>
            )}
          </FileButton>
        </Group>
        {notice && (
          <Alert color={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'}>
            {notice.text}
          </Alert>
        )}
        {send.error && <ProblemAlert error={send.error} title={t('fileDrop.notAccepted')} />}
        {refused && (
          <Group>
            <Button variant="light" onClick={() => onOpen(refused)}>
              {t('fileDrop.open', { file: refused.fileName, kind: refused.kind })}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
