import { Alert, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useId, useState, type DragEvent } from 'react';
import { MESSAGE_KIND_LABELS, parseMessageFile, type MessageKind } from './message-file';

export interface LoadedFile {
  kind: MessageKind;
  fileName: string;
  message: unknown;
}

const KINDS = Object.keys(MESSAGE_KIND_LABELS).filter((k): k is MessageKind => k in MESSAGE_KIND_LABELS);

/**
 * A JSON or XML message file, dropped or chosen, opened in its structured form: the form checks it
 * against the contract at once and shows each problem next to its field before anything is sent.
 */
export function FileDrop({ onOpen }: { onOpen: (file: LoadedFile) => void }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string>();
  const [undetected, setUndetected] = useState<{ fileName: string; message: unknown }>();
  const [kind, setKind] = useState<MessageKind>('shipment');

  const read = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    setUndetected(undefined);
    const parsed = parseMessageFile(file.name, await file.text());
    if (!parsed.ok) setError(`${file.name}: ${parsed.error}`);
    else if (parsed.kind) onOpen({ kind: parsed.kind, fileName: file.name, message: parsed.message });
    else setUndetected({ fileName: file.name, message: parsed.message });
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void read(e.dataTransfer.files[0]);
  };

  return (
    <Stack>
      <Paper
        withBorder
        p="xl"
        radius="md"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        style={{ borderStyle: 'dashed', background: dragging ? 'var(--mantine-color-blue-light)' : undefined }}
        data-testid="file-drop"
      >
        <Stack align="center" gap="xs">
          <Text>Drop a customs shipment, formula, article data or business partners message here (JSON or XML),</Text>
          <label htmlFor={inputId}>
            <Text span>or choose a file: </Text>
            <input id={inputId} type="file" accept=".json,.xml,application/json,application/xml,text/xml" onChange={(e) => void read(e.currentTarget.files?.[0])} />
          </label>
          <Text size="sm" c="dimmed">
            It opens in its form, checked against the contract, with any problem shown at its field. Nothing is sent until you send it there.
          </Text>
        </Stack>
      </Paper>
      {error && (
        <Alert color="red" role="alert" title="The file cannot be read">
          {error}
        </Alert>
      )}
      {undetected && (
        <Group align="flex-end">
          <NativeSelect
            label={`Which message is ${undetected.fileName}?`}
            data={KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] }))}
            value={kind}
            onChange={(e) => setKind(KINDS.find((k) => k === e.currentTarget.value) ?? 'shipment')}
          />
          <Button onClick={() => onOpen({ kind, ...undetected })}>Open in the form</Button>
        </Group>
      )}
    </Stack>
  );
}
