import { Alert, Button, Group, SegmentedControl, Text, TextInput, Title } from '@mantine/core';
import { memo } from 'react';
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
  return (
    <>
      <AnchorLink to="/movement-orders" size="sm">
        ← Movement orders
      </AnchorLink>
      <div>
        <Title order={1}>New movement order</Title>
        <Text c="dimmed">
          A stock movement for the warehouse: one or more movements, each with its lines. Everything is checked before it is sent.
        </Text>
      </div>
      {!canCreate && (
        <Alert color="gray" title="Not available to your role">
          Movement orders are created by clerks and supervisors.
        </Alert>
      )}
      {sent && <SentOrderProgress referenceId={sent.referenceId} externalReferences={sent.externalReferences} />}
      {restoredAt && (
        <Alert color="blue" title="Draft restored">
          <Group justify="space-between">
            <Text size="sm">Your unsent order from {formatDateTime(restoredAt)} is back as you left it.</Text>
            <Button variant="default" size="xs" onClick={onDiscardDraft}>
              Discard draft
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
    return (
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label="Movement shown"
          value={String(active)}
          onChange={(v) => onSelect(Number(v))}
          data={labels.map((label, i) => ({ value: String(i), label }))}
        />
        <Group gap="xs">
          {labels.length > 1 && (
            <Button variant="default" c="red.9" onClick={() => onRemove(active)}>
              Remove movement {active + 1}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => {
              onAdd();
              onSelect(labels.length);
            }}
          >
            Add movement
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
  return (
    <TextInput
      label="Message version"
      description="Optional: the version of your message format"
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
  return (
    <>
      {error ? <ProblemAlert error={error} title="The movement order was not sent" /> : null}
      <Group>
        <ScopeGatedButton missing={missingScope} type="submit" loading={pending} disabled={!canCreate}>
          Send movement order
        </ScopeGatedButton>
        <Text size="sm" c="dimmed">
          The draft is kept in this browser until it is sent.
        </Text>
      </Group>
    </>
  );
}
