import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Button, CloseButton, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { ACCEPT_ATTRIBUTE, fileProblem } from '../../model/item/image-files';
import { fileProblemText } from '../../model/classification-wording';
import classes from '../item/images.module.css';

interface Props {
  files: readonly File[];
  onChange: (files: File[]) => void;
}

/** Images for a new item: dropped in or chosen (the keyboard path); checked before anything is sent. */
export function CreateImagesField({ files, onChange }: Props) {
  const { t } = useTranslation('classification');
  const [problems, setProblems] = useState<string[]>([]);
  const [active, setActive] = useState(false);

  const add = (added: readonly File[]) => {
    setProblems(
      added.flatMap((f) => {
        const problem = fileProblem(f);
        return problem ? [fileProblemText(problem, t)] : [];
      }),
    );
    onChange([...files, ...added.filter((f) => !fileProblem(f))]);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setActive(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="create-images-label">
        {t('create.images')}
      </Text>
      <div
        className={classes.dropZone}
        data-active={active || undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setActive(true);
        }}
        onDragLeave={() => setActive(false)}
        onDrop={onDrop}
        data-testid="create-images-drop"
      >
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('create.imagesDrop')}
          </Text>
          <FileButton onChange={add} accept={ACCEPT_ATTRIBUTE} multiple>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhotoPlus size={14} aria-hidden />}
                aria-describedby="create-images-label"
              >
                {t('create.chooseImages')}
              </Button>
            )}
          </FileButton>
        </Group>
        {files.length > 0 && (
          <List size="sm" mt="xs" aria-label={t('create.imagesToAdd')}>
            {files.map((f, i) => (
              <List.Item key={`${f.name}-${i}`}>
                <Group gap={4}>
                  {f.name}
                  <CloseButton
                    size="sm"
                    aria-label={t('create.removeImage', { name: f.name })}
                    onClick={() => onChange(files.filter((_, j) => j !== i))}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </div>
      {problems.length > 0 && (
        <List size="sm" c="red.9" role="alert">
          {problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
