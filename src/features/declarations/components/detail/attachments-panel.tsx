import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { Attachment } from '../../../../contract/declarations';
import { ProblemAlert } from '../../../../components/problem-alert';
import { fetchAttachmentUrl } from '../../api/declarations.queries';
import { attachmentDistinction } from '../../model/detail/attachment-labels';
import { formatDateTime } from '../../../../lib/format';

interface Props {
  declarationId: string;
  attachments: readonly Attachment[];
  /** Empty when the user may download; otherwise why not. */
  disabledReason?: string | undefined;
  /** Creation times by attachment id (from the declaration's events), to tell documents of one type apart. */
  times?: ReadonlyMap<string, string>;
}

const byType = (attachments: readonly Attachment[]): [string, Attachment[]][] => {
  const groups = new Map<string, Attachment[]>();
  for (const a of attachments) groups.set(a.documentType, [...(groups.get(a.documentType) ?? []), a]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
};

/**
 * Documents by type. The download URL is temporary (specification: must not be stored): it is
 * fetched through the /url variant on each click and followed at once, never rendered as a link.
 */
export function AttachmentsPanel({ declarationId, attachments, disabledReason, times = new Map<string, string>() }: Props) {
  const { t } = useTranslation('declaration');
  const [pending, setPending] = useState<string | undefined>();
  const [error, setError] = useState<unknown>();

  const download = async (a: Attachment) => {
    setPending(a.id);
    setError(undefined);
    try {
      const url = await fetchAttachmentUrl(declarationId, a.documentType, a.id);
      // The response is a file download (Content-Disposition: attachment): the page stays.
      window.location.assign(url);
    } catch (e) {
      setError(e);
    } finally {
      setPending(undefined);
    }
  };

  if (attachments.length === 0) return <Text size="sm">{t('documents.none')}</Text>;
  return (
    <Stack gap="sm">
      {disabledReason && <Text size="sm">{disabledReason}</Text>}
      {byType(attachments).map(([type, list]) => (
        <div key={type}>
          <Title order={3} size="h6">
            {type}
          </Title>
          <Group gap="xs" mt={4}>
            {list.map((a, i) => {
              const distinction = attachmentDistinction(list, i, times, (iso) => formatDateTime(iso));
              const name = distinction ? `${a.fileName} (${distinction})` : a.fileName;
              return (
                <Button
                  key={a.id}
                  size="xs"
                  variant="light"
                  loading={pending === a.id}
                  disabled={!!disabledReason}
                  onClick={() => void download(a)}
                  aria-label={t('documents.download', { type, name })}
                >
                  {name}
                </Button>
              );
            })}
          </Group>
        </div>
      ))}
      {error !== undefined && <ProblemAlert error={error} title={t('documents.downloadFailed')} />}
    </Stack>
  );
}
