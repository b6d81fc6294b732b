import { Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
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
  const page = pageSummary(offset, rowCount ?? 0, limit);
  const label =
    rowCount === undefined
      ? 'Loading…'
      : rowCount === 0
        ? offset > 0
          ? `No rows after row ${offset}`
          : 'No rows'
        : `Rows ${page.first}–${page.last}${page.hasNext ? ` of ${page.last}+` : ''}`;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" role="status" data-testid="page-indicator">
        {label}
      </Text>
      <Group gap="xs">
        <Select
          label="Rows per page"
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
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          mt="lg"
          rightSection={<IconChevronRight size={14} aria-hidden="true" />}
          disabled={rowCount === undefined || !page.hasNext}
          onClick={() => onPage(offset + limit)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
