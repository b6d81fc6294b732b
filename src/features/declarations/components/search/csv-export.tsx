import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../../components/problem-alert';
import { searchDeclarations, searchDeclarationsByOwner } from '../../api/declarations.queries';
import { fetchAllPages } from '../../model/search/fetch-all-pages';
import { toServiceQuery, type DeclarationsSearch } from '../../model/search/search-params';
import { formatQuantity } from '../../../../lib/format';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number; pages: number }
  | { phase: 'done'; rows: number }
  | { phase: 'cancelled'; rows: number }
  | { phase: 'failed'; error: unknown };

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Everything the filter matches, not just this page: walks the pages, then saves one CSV file. */
export const CsvExport = memo(function CsvExport({ search }: { search: DeclarationsSearch }) {
  const { t } = useTranslation('declarations');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops a running export.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', rows: 0, pages: 0 });
    const base = toServiceQuery(search);
    try {
      const owner = search.owner;
      const rows = await fetchAllPages(
        (page, signal) =>
          owner === undefined
            ? searchDeclarations({ ...base, ...page }, signal)
            : searchDeclarationsByOwner({ ...base, ...page }, owner, signal).then((r) => r.declarations),
        { signal: abort.signal, onProgress: (count, pages) => setState({ phase: 'running', rows: count, pages }) },
      );
      // The CSV writer is loaded with the first export: it is not part of the first screen.
      const { csvFileName, declarationsCsv } = await import('../../model/search/declarations-csv');
      download(declarationsCsv(rows, t), csvFileName());
      setState({ phase: 'done', rows: rows.length });
    } catch (error) {
      setState(
        abort.signal.aborted ? (s) => ({ phase: 'cancelled', rows: s.phase === 'running' ? s.rows : 0 }) : { phase: 'failed', error },
      );
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  if (state.phase === 'running') {
    return (
      <Stack gap={4} miw={260} role="status" aria-live="polite">
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {state.pages
              ? t('csv.runningPages', { rows: formatQuantity(state.rows), pages: state.pages })
              : t('csv.running', { rows: formatQuantity(state.rows) })}
          </Text>
          <Button size="xs" variant="default" onClick={() => controller.current?.abort()}>
            {t('csv.cancel')}
          </Button>
        </Group>
        {/* No total exists, so progress is "rows so far" with a moving bar, not a percentage. */}
        <Progress value={100} animated striped aria-label={t('csv.progress')} />
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden="true" />} onClick={() => void start()}>
          {t('csv.export')}
        </Button>
        <Text size="sm" role="status">
          {state.phase === 'done' && t('csv.done', { rows: formatQuantity(state.rows) })}
          {state.phase === 'cancelled' && t('csv.cancelled', { rows: formatQuantity(state.rows) })}
        </Text>
      </Group>
      {state.phase === 'failed' && <ProblemAlert title={t('csv.failed')} error={state.error} onRetry={() => void start()} />}
    </Stack>
  );
});
