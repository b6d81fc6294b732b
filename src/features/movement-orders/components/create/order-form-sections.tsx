import { Alert, Button, Group, SegmentedControl, Text, TextInput, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { AnchorLink } from '../../../../components/anchor-link';
import { ProblemAlert } from '../../../../components/problem-alert';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { formatDateTime } from '../../../../lib/format';
import type { MissingScope } from '../../../../lib/scope-gate';
import { SentOrderProgress } from './sent-order-progress';

/*
 * The parts of the New movement order page around a movement's fields and lines, each memoised on
 * plain props: the order is one state, so every key press in the lines renders the page again, and
 * none of these has to follow it (issue 12: key press to next paint at 9,999 lines).
 */

interface IntroProps {
  canCreate: boolean;
  sent: { referenceId: string; externalReferences: readonly string[] } | undefined;
  restoredAt: string | undefined;
  onDiscardDraft: () => void;
}

/** Back link, title, what the role may do, the progress of the order just sent, and the restored-draft notice. */
export const OrderIntro = memo(function OrderIntro({ canCreate, sent, restoredAt, onDiscardDraft }: IntroProps) {
  const { t } = useTranslation('movementOrders');
  return (
    <>
      <AnchorLink to="/movement-orders" size="sm">
        {t('back')}
      </AnchorLink>
      <div>
        <Title order={1}>{t('new.title')}</Title>
        <Text c="dimmed">{t('new.intro')}</Text>
      </div>
      {!canCreate && (
        <Alert color="gray" title={t('list.notForRole')}>
          {t('new.createdBy')}
        </Alert>
      )}
      {sent && <SentOrderProgress referenceId={sent.referenceId} externalReferences={sent.externalReferences} />}
      {restoredAt && (
        <Alert color="blue" title={t('new.draftRestored')}>
          <Group justify="space-between">
            <Text size="sm">{t('new.draftBack', { when: formatDateTime(restoredAt) })}</Text>
            <Button variant="default" size="xs" onClick={onDiscardDraft}>
              {t('new.discardDraft')}
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
});

interface TabsProps {
  /** One label per movement, e.g. "Movement 1 (RCPT REF-1)". */
  labels: readonly string[];
  active: number;
  onSelect: (index: number) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** Which movement is shown, and adding or removing one. */
export const MovementTabs = memo(
  function MovementTabs({ labels, active, onSelect, onAdd, onRemove }: TabsProps) {
    const { t } = useTranslation('movementOrders');
    return (
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label={t('new.movementShown')}
          value={String(active)}
          onChange={(v) => onSelect(Number(v))}
          data={labels.map((label, i) => ({ value: String(i), label }))}
        />
        <Group gap="xs">
          {labels.length > 1 && (
            <Button variant="default" c="red.9" onClick={() => onRemove(active)}>
              {t('new.removeMovement', { n: String(active + 1) })}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => {
              onAdd();
              onSelect(labels.length);
            }}
          >
            {t('new.addMovement')}
          </Button>
        </Group>
      </Group>
    );
  },
  // The labels are made anew on every render of the page; equal text is the same tabs.
  (a, b) =>
    a.active === b.active &&
    a.onSelect === b.onSelect &&
    a.onAdd === b.onAdd &&
    a.onRemove === b.onRemove &&
    a.labels.length === b.labels.length &&
    a.labels.every((l, i) => l === b.labels[i]),
);

/** The optional message version of the whole order. */
export const VersionField = memo(function VersionField({ value, onChange }: { value: string; onChange: (version: string) => void }) {
  const { t } = useTranslation('movementOrders');
  return (
    <TextInput
      label={t('new.version')}
      description={t('new.versionHelp')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={320}
    />
  );
});

interface SendBarProps {
  missingScope: MissingScope | undefined;
  canCreate: boolean;
  pending: boolean;
  /** The error of the last send, if it failed. */
  error: unknown;
}

/** The send button, with why it is disabled, and the failure of the last send. */
export const SendBar = memo(
  SendBarInner,
  (a, b) =>
    a.canCreate === b.canCreate &&
    a.pending === b.pending &&
    a.error === b.error &&
    a.missingScope?.scope === b.missingScope?.scope &&
    a.missingScope?.tenant === b.missingScope?.tenant,
);

// The missing scope is made anew on every render; it is compared by its fields above.
function SendBarInner({ missingScope, canCreate, pending, error }: SendBarProps) {
  const { t } = useTranslation('movementOrders');
  return (
    <>
      {error ? <ProblemAlert error={error} title={t('new.notSent')} /> : null}
      <Group>
        <ScopeGatedButton missing={missingScope} type="submit" loading={pending} disabled={!canCreate}>
          {t('new.send')}
        </ScopeGatedButton>
        <Text size="sm" c="dimmed">
          {t('new.draftKept')}
        </Text>
      </Group>
    </>
  );
}
