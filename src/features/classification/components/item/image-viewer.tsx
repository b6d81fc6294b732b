import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ActionIcon, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { ImageThumb } from './image-thumb';
import { indexForKey, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from '../../model/item/image-viewer-model';
import classes from './images.module.css';

export interface ViewerImage {
  imageId: string;
  label: string;
}

interface Props {
  itemId: string;
  images: readonly ViewerImage[];
  /** The image shown; undefined: closed. */
  index: number | undefined;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** The item's images one at a time, zoomable; arrow keys (and the buttons) move between them, Escape closes. */
export function ImageViewer({ itemId, images, index, onIndexChange, onClose }: Props) {
  const { t } = useTranslation('classification');
  const [zoom, setZoom] = useState(1);
  const image = index === undefined ? undefined : images[index];
  const go = (next: number) => {
    setZoom(1);
    onIndexChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (index === undefined) return;
    const next = indexForKey(event.key, index, images.length);
    if (next !== undefined) {
      event.preventDefault();
      go(next);
    } else if (event.key === '+' || event.key === '=') setZoom(zoomIn);
    else if (event.key === '-') setZoom(zoomOut);
  };
  const title = image && index !== undefined ? t('viewer.title', { label: image.label, position: index + 1, count: images.length }) : '';
  const percent = Math.round(zoom * 100);

  return (
    <Modal opened={image !== undefined} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': t('viewer.close') }}>
      {image && index !== undefined && (
        <Stack gap="sm" onKeyDown={onKeyDown}>
          <Group justify="space-between">
            <Group gap="xs">
              <Tooltip label={t('viewer.previousTip')}>
                <ActionIcon
                  variant="default"
                  aria-label={t('viewer.previous')}
                  onClick={() => go((index - 1 + images.length) % images.length)}
                  disabled={images.length < 2}
                >
                  <IconChevronLeft size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('viewer.nextTip')}>
                <ActionIcon
                  variant="default"
                  aria-label={t('viewer.next')}
                  onClick={() => go((index + 1) % images.length)}
                  disabled={images.length < 2}
                  data-autofocus
                >
                  <IconChevronRight size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Group gap="xs">
              <ActionIcon variant="default" aria-label={t('viewer.zoomOut')} onClick={() => setZoom(zoomOut)} disabled={zoom <= ZOOM_MIN}>
                <IconZoomOut size={18} aria-hidden />
              </ActionIcon>
              <Text size="sm" w={48} ta="center" aria-live="polite" data-testid="zoom-level">
                {percent} %
              </Text>
              <ActionIcon variant="default" aria-label={t('viewer.zoomIn')} onClick={() => setZoom(zoomIn)} disabled={zoom >= ZOOM_MAX}>
                <IconZoomIn size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="default" aria-label={t('viewer.zoomReset')} onClick={() => setZoom(1)}>
                <IconZoomReset size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
          {/* Focusable once zoomed, so the keyboard can scroll the enlarged image. */}
          <div
            className={classes.viewerFrame}
            tabIndex={zoom > 1 ? 0 : -1}
            role="group"
            aria-label={t('viewer.frame', { label: image.label, percent })}
          >
            <ImageThumb
              key={image.imageId}
              itemId={itemId}
              imageId={image.imageId}
              alt={image.label}
              className={classes.viewerImage}
              style={{ transform: `scale(${zoom})` }}
            />
          </div>
          <Text size="xs" c="dimmed">
            {t('viewer.keys')}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
