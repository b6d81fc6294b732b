import { Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { imageBlobQueryOptions } from '../api/classification.queries';
import classes from './images.module.css';

/**
 * One stored image. The bytes need the bearer token, so they arrive as a Blob and are shown
 * through an object URL that lives exactly as long as the <img> element (ref cleanup revokes it).
 */
export function ImageThumb({ itemId, imageId, alt }: { itemId: string; imageId: string; alt: string }) {
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
      <Center className={classes.thumb}>
        <Text size="xs" c="red">
          {alt}: could not be loaded
        </Text>
      </Center>
    );
  }
  if (!blob) {
    return (
      <Center className={classes.thumb}>
        <Loader size="sm" aria-label={`Loading ${alt}`} />
      </Center>
    );
  }
  return <img ref={attach} alt={alt} className={classes.thumb} />;
}
