import { useTranslation } from '../../../../lib/i18n/use-translation';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight, IconListCheck, IconPlus } from '@tabler/icons-react';
import { ButtonLink } from '../../../../components/button-link';
import { classificationSearchQueryOptions } from '../../api/classification.queries';
import { ClassificationError } from '../analyst-only';
import { CreateItemModal } from '../create/create-item-modal';
import { ItemsTable } from './items-table';
import { SearchFilters } from './search-filters';
import {
  offsetOfLink,
  toServiceQuery,
  type ClassificationFilters,
  type ClassificationSearchParams,
} from '../../model/search/search-params';

interface Props {
  search: ClassificationSearchParams;
  onSearch: (next: ClassificationSearchParams) => void;
  onOpenItem: (itemId: string) => void;
}

export function ClassificationSearchPage({ search, onSearch, onOpenItem }: Props) {
  const { t } = useTranslation('classification');
  const query = useQuery(classificationSearchQueryOptions(toServiceQuery(search)));
  const [creating, { open, close }] = useDisclosure(false);
  const { offset: _offset, ...filters } = search;
  const links = query.data?.links;
  // Paging follows the service's links: no total count, so "Next" exists only while links.next does (API-2).
  const nextOffset = offsetOfLink(links?.next);
  const prevOffset = offsetOfLink(links?.prev);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('title')}</Title>
        <Group gap="xs">
          <ButtonLink to="/classification/worklist" variant="default" leftSection={<IconListCheck size={16} aria-hidden="true" />}>
            {t('search.worklist')}
          </ButtonLink>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={open}>
            {t('search.newItem')}
          </Button>
        </Group>
      </Group>
      <SearchFilters key={JSON.stringify(filters)} filters={filters} onApply={(next: ClassificationFilters) => onSearch(next)} />
      {query.isError ? (
        <ClassificationError error={query.error} title={t('search.loadFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ItemsTable rows={query.data?.data} />
          <Group justify="space-between">
            <Text size="sm" role="status" data-testid="page-indicator">
              {query.data
                ? query.data.data.length
                  ? t(links?.next ? 'search.rangeMore' : 'search.range', {
                      from: (search.offset ?? 0) + 1,
                      to: (search.offset ?? 0) + query.data.data.length,
                    })
                  : t('search.noItems')
                : t('search.loading')}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
                disabled={prevOffset === undefined}
                onClick={() => onSearch({ ...search, offset: prevOffset || undefined })}
              >
                {t('search.previous')}
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={14} aria-hidden="true" />}
                disabled={nextOffset === undefined || query.isPlaceholderData}
                onClick={() => onSearch({ ...search, offset: nextOffset })}
              >
                {t('search.next')}
              </Button>
            </Group>
          </Group>
        </>
      )}
      <CreateItemModal opened={creating} onClose={close} onCreated={onOpenItem} />
    </Stack>
  );
}
