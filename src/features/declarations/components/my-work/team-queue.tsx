import { Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { WorkItem } from '../../../../contract/work-queue';
import { ProblemAlert } from '../../../../components/problem-alert';
import { formatQuantity } from '../../../../lib/format';
import { useBulkAssign } from '../../api/assignments.mutations';
import { UNASSIGNED } from '../../model/my-work/work-age';
import { PersonPicker } from '../assignment/person-picker';
import { WorkTable } from './work-table';

/** Rows shown at first and added by Show more: the oldest matter most, and a pile of hundreds would take seconds to render. */
const STEP = 50;

interface Props {
  /** 'unassigned' or an owner's sub. */
  queue: string;
  name: string;
  items: readonly WorkItem[];
  now: number;
}

/** One person's queue (or the unassigned pile) with the supervisor's balancing: select rows, assign them to someone. */
export function TeamQueue({ queue, name, items, now }: Props) {
  const { t } = useTranslation('myWork');
  const rows = items.filter((i) => (i.owner?.sub ?? UNASSIGNED) === queue);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [limit, setLimit] = useState(STEP);
  const bulk = useBulkAssign();
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const title = queue === UNASSIGNED ? t('queue.unassigned') : t('queue.title', { name });
  return (
    <Stack gap="xs" w="100%" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm">{queue === UNASSIGNED ? t('queue.emptyUnassigned') : t('queue.empty')}</Text>
      ) : (
        <>
          <PersonPicker
            label={t('queue.assignSelected', { count: formatQuantity(selected.size) })}
            exclude={queue === UNASSIGNED ? undefined : queue}
            disabled={selected.size === 0 || bulk.isPending}
            onPick={(ownerSub) => bulk.mutate({ declarationIds: [...selected], ownerSub }, { onSuccess: () => setSelected(new Set()) })}
          />
          {bulk.isError && <ProblemAlert error={bulk.error} title={t('queue.reassignFailed')} />}
          <WorkTable
            items={rows.slice(0, limit)}
            now={now}
            selected={selected}
            onToggle={toggle}
            caption={
              rows.length > limit
                ? t('queue.captionLimited', { title, count: rows.length, limit: formatQuantity(limit) })
                : t('queue.caption', { title, count: rows.length })
            }
          />
          {rows.length > limit && (
            <Button size="xs" variant="default" onClick={() => setLimit((n) => n + STEP)} style={{ alignSelf: 'flex-start' }}>
              {t('queue.showMore', {
                step: formatQuantity(Math.min(STEP, rows.length - limit)),
                rest: formatQuantity(rows.length - limit),
              })}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
