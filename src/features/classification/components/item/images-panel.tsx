import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ClassificationItem } from '../../../../contract/classification';
import { useDeleteImage } from '../../api/classification.mutations';
import { ConfirmModal } from '../confirm-modal';
import { groupImages, type ImageGroup } from '../../model/item/image-files';
import { ImageThumb } from './image-thumb';
import { ImageUpload } from './image-upload';
import { ImageViewer } from './image-viewer';
import classes from './images.module.css';

export function ImagesPanel({ item }: { item: ClassificationItem }) {
  const { t } = useTranslation('classification');
  const groups = groupImages(item.images);
  const remove = useDeleteImage(item.id);
  const [deleting, setDeleting] = useState<ImageGroup>();
  const [viewing, setViewing] = useState<number>();
  const viewerImages = groups.flatMap((g) => g.images);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      // A PDF's pages go together: they are one file to the analyst (ux-anchors idea 12).
      for (const image of deleting.images) await remove.mutateAsync(image.imageId);
      setDeleting(undefined);
    } catch {
      /* shown in the dialog */
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="images-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="images-heading">
          {t('images.title')}
        </Title>
        {groups.length === 0 && <Text c="dimmed">{t('images.none')}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {groups.map((group) => (
            <Stack key={group.images[0]?.imageId ?? group.name} gap={4} data-testid="image-group">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} truncate title={group.name}>
                  {group.name}
                  {group.images.length > 1 && ` ${t('images.pages', { count: group.images.length })}`}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={12} aria-hidden="true" />}
                  aria-label={t('images.deleteName', { name: group.name })}
                  onClick={() => {
                    remove.reset();
                    setDeleting(group);
                  }}
                >
                  {t('images.delete')}
                </Button>
              </Group>
              <Group gap="xs">
                {group.images.map((image) => (
                  <UnstyledButton
                    key={image.imageId}
                    className={classes.thumbButton}
                    aria-label={t('images.open', { label: image.label })}
                    onClick={() => setViewing(viewerImages.findIndex((v) => v.imageId === image.imageId))}
                  >
                    <ImageThumb itemId={item.id} imageId={image.imageId} alt={image.label} />
                  </UnstyledButton>
                ))}
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
        <ImageUpload itemId={item.id} />
      </Stack>
      <ImageViewer
        itemId={item.id}
        images={viewerImages}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => setViewing(undefined)}
      />
      <ConfirmModal
        opened={deleting !== undefined}
        title={t('images.deleteTitle')}
        confirmLabel={t('images.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(undefined)}
      >
        {deleting && deleting.images.length > 1
          ? t('images.deleteGroup', { name: deleting.name, count: deleting.images.length })
          : deleting
            ? t('images.deleteOne', { name: deleting.name })
            : t('images.deleteThis')}
      </ConfirmModal>
    </Paper>
  );
}
