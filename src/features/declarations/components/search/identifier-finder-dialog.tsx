import { Badge, Group, Kbd, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '../../../../components/anchor-link';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ProblemAlert } from '../../../../components/problem-alert';
import { declarationSearchQueryOptions } from '../../api/declarations.queries';
import { StatusBadge } from '../status-badge';
import { closeFinder, useFinderOpen } from '../../model/search/finder-store';
import { mergeMatches, planIdentifierLookup, type IdentifierMatch } from '../../model/search/identifier-lookup';

/** Enough to show "several matches"; an identifier normally matches one declaration. */
const MATCH_LIMIT = 10;

/** The finder's dialog: its own chunk, loaded when the finder is first opened (identifier-finder-hotkey.tsx). */
export default function IdentifierFinderDialog() {
  const { t } = useTranslation('declarations');
  const opened = useFinderOpen();
  return (
    <Modal
      opened={opened}
      onClose={closeFinder}
      title={t('finder.title')}
      size="lg"
      yOffset="10vh"
      closeButtonProps={{ 'aria-label': t('finder.close') }}
    >
      {opened && <FinderBody />}
    </Modal>
  );
}

function FinderBody() {
  const { t } = useTranslation('declarations');
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [term] = useDebouncedValue(input, 250);
  const plan = planIdentifierLookup(term);
  const searches = plan.kind === 'search' ? plan.searches : [];
  const results = useQueries({
    queries: searches.map(({ field, value }) => ({
      ...declarationSearchQueryOptions({ [field]: value, limit: MATCH_LIMIT, offset: 0 }),
      // Each term gets its own answer: no rows of the previous term while this one loads.
      placeholderData: undefined,
    })),
  });
  const loading = input.trim() !== term.trim() || results.some((r) => r.isPending);
  const failed = results.find((r) => r.isError);
  const matches = loading ? [] : mergeMatches(searches.map((s, i) => ({ field: s.field, rows: results[i]?.data ?? [] })));

  const open = useCallback(
    (declarationId: string) => {
      closeFinder();
      void navigate({ to: '/declarations/$declarationId', params: { declarationId } });
    },
    [navigate],
  );

  // Enter pressed while the lookup was still on its way: kept for that term and acted on when the answer comes.
  const enterFor = useRef<string | undefined>(undefined);
  const single = !loading && matches.length === 1 ? matches[0]?.declaration.declarationId : undefined;
  useEffect(() => {
    if (enterFor.current === undefined || loading) return;
    const pressedFor = enterFor.current;
    enterFor.current = undefined;
    if (pressedFor === input && single) open(single);
  }, [loading, input, single, open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const now = planIdentifierLookup(input);
    if (now.kind === 'declarationId') open(now.declarationId);
    else if (single) open(single);
    else if (loading && now.kind === 'search') enterFor.current = input;
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit}>
        <TextInput
          label={t('finder.identifier')}
          description={t('finder.hint')}
          placeholder={t('finder.placeholder')}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          data-autofocus
          spellCheck={false}
          autoComplete="off"
          rightSection={loading && plan.kind === 'search' ? <Loader size="xs" aria-hidden="true" /> : null}
        />
      </form>
      {failed?.error && <ProblemAlert title={t('finder.failed')} error={failed.error} onRetry={() => void failed.refetch()} />}
      <div aria-live="polite" role="status">
        {plan.kind === 'declarationId' && <Text size="sm">{t('finder.declarationId')}</Text>}
        {plan.kind === 'search' && !loading && !failed && <Text size="sm">{t('finder.matches', { count: matches.length })}</Text>}
      </div>
      {matches.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('finder.matchesLabel')}>
          {matches.map((m) => (
            <MatchRow key={m.declaration.declarationId} match={m} onOpen={closeFinder} />
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        <Kbd size="xs">{t('finder.ctrl')}</Kbd> + <Kbd size="xs">K</Kbd> {t('finder.anywhere')}
      </Text>
    </Stack>
  );
}

function MatchRow({ match, onOpen }: { match: IdentifierMatch; onOpen: () => void }) {
  const { t } = useTranslation('declarations');
  const d = match.declaration;
  return (
    <Group component="li" gap="sm" wrap="nowrap" justify="space-between">
      <Stack gap={0}>
        <AnchorLink to="/declarations/$declarationId" params={{ declarationId: d.declarationId }} onClick={onOpen} ff="monospace">
          {d.lrn}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {d.customsFlow} · {d.customsFlowStep} · {d.externalReference}
        </Text>
      </Stack>
      <Group gap={6} wrap="nowrap">
        {match.matchedBy.map((field) => (
          <Badge key={field} variant="outline" color="gray" c="gray.8" tt="none" size="sm">
            {t('finder.matched', { field: t(`columns.${field}`) })}
          </Badge>
        ))}
        <StatusBadge status={d.currentStatus} withTooltip={false} />
      </Group>
    </Group>
  );
}
