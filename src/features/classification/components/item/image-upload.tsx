import { Alert, Button, FileButton, Group, List, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { useUploadImage } from '../../api/classification.mutations';
import { ACCEPT_ATTRIBUTE, fileProblem } from '../../model/item/image-files';
import classes from './images.module.css';

const describe = (file: File, error: unknown): string => {
  if (error instanceof ApiError && error.status === 413) return `${file.name}: too large for the service.`;
  const fields = error instanceof ApiError ? Object.values(error.fieldErrors).flat() : [];
  return `${file.name}: ${fields.length ? fields.join(' ') : error instanceof Error ? error.message : 'upload failed.'}`;
};

/** Drop zone plus a file button (the keyboard path); files are checked here before any upload (API-9). */
export function ImageUpload({ itemId }: { itemId: string }) {
  const upload = useUploadImage(itemId);
  const [problems, setProblems] = useState<string[]>([]);
  const [active, setActive] = useState(false);
  const [busy, setBusy] = useState<string>();

  const send = async (files: readonly File[]) => {
    const found: string[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) {
        found.push(problem);
        continue;
      }
      setBusy(file.name);
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        found.push(describe(file, error));
      }
    }
    setBusy(undefined);
    setProblems(found);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setActive(false);
    void send([...event.dataTransfer.files]);
  };

  return (
    <div
      className={classes.dropZone}
      data-active={active || undefined}
      data-testid="image-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setActive(true);
      }}
      onDragLeave={() => setActive(false)}
      onDrop={onDrop}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Drop images or PDFs here. JPEG, PNG, WebP, GIF, BMP or PDF, up to 10 MB each; a PDF becomes one image per page.
        </Text>
        <FileButton onChange={(files) => void send(files)} accept={ACCEPT_ATTRIBUTE} multiple>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden="true" />} loading={busy !== undefined}>
              Choose files
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" role="status" mt={busy ? 'xs' : 0}>
        {busy ? `Uploading ${busy}…` : ''}
      </Text>
      {problems.length > 0 && (
        <Alert
          color="red"
          title="Some files were not added"
          mt="sm"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setProblems([])}
        >
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </div>
  );
}
