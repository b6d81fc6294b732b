import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Alert, Button, FileButton, Group, List, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { useUploadImage } from '../../api/classification.mutations';
import { ACCEPT_ATTRIBUTE, fileProblem } from '../../model/item/image-files';
import { fileProblemText, validationText } from '../../model/classification-wording';
import type { TFunction } from '../../../../lib/i18n/message-keys';
import classes from './images.module.css';

const describe = (file: File, error: unknown, t: TFunction<'classification'>): string => {
  if (error instanceof ApiError && error.status === 413) return t('upload.tooLargeForService', { name: file.name });
  const fields = error instanceof ApiError ? Object.values(error.fieldErrors).flat() : [];
  if (fields.length) return `${file.name}: ${fields.map((f) => validationText(f, t)).join(' ')}`;
  return error instanceof Error ? `${file.name}: ${error.message}` : t('upload.failed', { name: file.name });
};

/** Drop zone plus a file button (the keyboard path); files are checked here before any upload (API-9). */
export function ImageUpload({ itemId }: { itemId: string }) {
  const { t } = useTranslation('classification');
  const upload = useUploadImage(itemId);
  const [problems, setProblems] = useState<string[]>([]);
  const [active, setActive] = useState(false);
  const [busy, setBusy] = useState<string>();

  const send = async (files: readonly File[]) => {
    const found: string[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) {
        found.push(fileProblemText(problem, t));
        continue;
      }
      setBusy(file.name);
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        found.push(describe(file, error, t));
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
          {t('upload.drop')}
        </Text>
        <FileButton onChange={(files) => void send(files)} accept={ACCEPT_ATTRIBUTE} multiple>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden="true" />} loading={busy !== undefined}>
              {t('upload.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" role="status" mt={busy ? 'xs' : 0}>
        {busy ? t('upload.uploading', { name: busy }) : ''}
      </Text>
      {problems.length > 0 && (
        <Alert
          color="red"
          title={t('upload.problems')}
          mt="sm"
          role="alert"
          withCloseButton
          closeButtonLabel={t('upload.dismiss')}
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
