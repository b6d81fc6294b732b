import { Alert, Button, FileButton, Group, Paper, Text } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { ProblemAlert } from '../../../../components/problem-alert';
import { useSendMessageFile } from '../api/ingest-history.queries';
import { detectMessage } from '../detect-message';

/**
 * "Drop a shipment file": a JSON or XML message file sent through the HTTPS endpoint of its type
 * (detected from its content), the way an integrator's system would send it.
 */
export function MessageFileDrop() {
  const send = useSendMessageFile();
  const [over, setOver] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();

  const take = async (file: File | null) => {
    if (!file) return;
    send.reset();
    const text = await file.text();
    const message = detectMessage(text);
    if ('error' in message) return setNotice({ ok: false, text: `${file.name}: ${message.error}` });
    setNotice(undefined);
    send.mutate({ text, message }, { onSuccess: ({ referenceId }) => setNotice({ ok: true, text: `${file.name} sent as ${message.type}, referenceId ${referenceId}. It appears in the history below.` }) });
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
      style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-light)' : undefined }}
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Group justify="space-between">
        <Text id="file-drop-hint">Drop a shipment file here (JSON or XML: customs shipment, articles, business partners, formula, movement order), or</Text>
        <FileButton onChange={(f) => void take(f)} accept=".json,.xml,application/json,application/xml,text/xml">
          {(props) => (
            <Button {...props} variant="default" loading={send.isPending} aria-describedby="file-drop-hint">
              Choose a message file
            </Button>
          )}
        </FileButton>
      </Group>
      {notice && (
        <Alert mt="sm" color={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      )}
      {send.error && <ProblemAlert error={send.error} title="The file was not accepted" />}
    </Paper>
  );
}
