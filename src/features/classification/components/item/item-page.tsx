import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useDeleteItem } from '../../api/classification.mutations';
import { classificationItemQueryOptions } from '../../api/classification.queries';
import { ClassificationError } from '../analyst-only';
import { BackToItemsLink } from '../back-to-items-link';
import { ConfirmModal } from '../confirm-modal';
import { RunsPanel } from '../runs/runs-panel';
import { AssignedCodes } from './assigned-codes';
import { BetterCode } from './better-code';
import { GoodsItemsUsing } from './goods-items-using';
import { ImagesPanel } from './images-panel';
import { ItemDetailsForm } from './item-details-form';
import { formatDateTime } from '../../../../lib/format';

interface Props {
  itemId: string;
  onDeleted: () => void;
}

export function ItemPage({ itemId, onDeleted }: Props) {
  const { t } = useTranslation('classification');
  const query = useQuery(classificationItemQueryOptions(itemId));
  const remove = useDeleteItem(itemId);
  const [confirming, { open, close }] = useDisclosure(false);
  const item = query.data;

  return (
    <Stack gap="md">
      <BackToItemsLink />
      {query.isError && <ClassificationError error={query.error} title={t('item.loadFailed')} onRetry={() => void query.refetch()} />}
      {query.isPending && <Skeleton height={200} />}
      {item && (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              {/* The item's own reference is data: never translated. */}
              <Title order={1} translate="no">
                {item.externalReference}
              </Title>
              <Group gap="xs">
                {item.hasBetterSuggestion && <Badge color="grape.9">{t('item.betterAvailable')}</Badge>}
                {item.lastUpdated && (
                  <Text size="xs" c="dimmed">
                    {t('item.lastUpdated', { time: formatDateTime(item.lastUpdated) })}
                  </Text>
                )}
              </Group>
            </Stack>
            <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={open}>
              {t('item.delete')}
            </Button>
          </Group>
          <BetterCode itemId={item.id} flagged={item.hasBetterSuggestion === true} />
          <ItemDetailsForm item={item} />
          <AssignedCodes item={item} />
          <ImagesPanel item={item} />
          <RunsPanel key={item.id} itemId={item.id} />
          <GoodsItemsUsing itemId={item.id} />
          <ConfirmModal
            opened={confirming}
            title={t('item.delete')}
            confirmLabel={t('item.delete')}
            pending={remove.isPending}
            error={remove.error}
            onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
            onClose={close}
          >
            {t('item.deleteConfirm', { reference: item.externalReference })}
          </ConfirmModal>
        </>
      )}
    </Stack>
  );
}
