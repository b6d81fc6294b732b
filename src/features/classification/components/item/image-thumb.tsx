import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, type CSSProperties } from 'react';
import { imageBlobQueryOptions } from '../../api/classification.queries';
import classes from './images.module.css';

/**
 * One stored image. The bytes need the bearer token, so they arrive as a Blob and are shown
 * through an object URL that lives exactly as long as the <img> element (ref cleanup revokes it).
 */
export function ImageThumb({
  itemId,
  imageId,
  alt,
  className = classes.thumb,
  style,
}: {
  itemId: string;
  imageId: string;
  alt: string;
  className?: string | undefined;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('classification');
  const { data: blob, isError } = useQuery(imageBlobQueryOptions(itemId, imageId));
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !blob) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  if (isError) {
    return (
      <Center className={className}>
        <Text size="xs" c="red">
          {t('images.couldNotLoad', { alt })}
        </Text>
      </Center>
    );
  }
  if (!blob) {
    return (
      <Center className={className}>
        <Loader size="sm" role="status" aria-label={t('images.loading', { alt })} />
      </Center>
    );
  }
  return <img ref={attach} alt={alt} className={className} style={style} />;
}
