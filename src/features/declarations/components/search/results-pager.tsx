import { Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { formatQuantity } from '../../../../lib/format';
import { PAGE_SIZES, pageSummary, type PageSize } from '../../model/search/search-params';

interface ResultsPagerProps {
  offset: number;
  limit: PageSize;
  rowCount: number | undefined;
  onPage: (offset: number) => void;
  onPageSize: (limit: PageSize) => void;
}

/**
 * Previous / next paging: the service returns no total count, so the pager says "rows 101–200
 * of 200+" and a page shorter than the limit is the last one (ux-anchors API-2).
 */
export function ResultsPager({ offset, limit, rowCount, onPage, onPageSize }: ResultsPagerProps) {
  const { t } = useTranslation('declarations');
  const page = pageSummary(offset, rowCount ?? 0, limit);
  const rows = { first: formatQuantity(page.first), last: formatQuantity(page.last) };
  const label =
    rowCount === undefined
      ? t('pager.loading')
      : rowCount === 0
        ? offset > 0
          ? t('pager.noRowsAfter', { offset: formatQuantity(offset) })
          : t('pager.noRows')
        : page.hasNext
          ? t('pager.rowsMore', rows)
          : t('pager.rows', rows);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" role="status" data-testid="page-indicator">
        {label}
      </Text>
      <Group gap="xs">
        <Select
          label={t('pager.perPage')}
          size="xs"
          w={130}
          data={PAGE_SIZES.map(String)}
          value={String(limit)}
          onChange={(v) => {
            const next = PAGE_SIZES.find((n) => String(n) === v);
            if (next) onPageSize(next);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          size="xs"
          mt="lg"
          leftSection={<IconChevronLeft size={14} aria-hidden="true" />}
          disabled={!page.hasPrevious}
          onClick={() => onPage(Math.max(0, offset - limit))}
        >
          {t('pager.previous')}
        </Button>
        <Button
          variant="default"
          size="xs"
          mt="lg"
          rightSection={<IconChevronRight size={14} aria-hidden="true" />}
          disabled={rowCount === undefined || !page.hasNext}
          onClick={() => onPage(offset + limit)}
        >
          {t('pager.next')}
        </Button>
      </Group>
    </Group>
  );
}
