import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import type { ConsoleConfig } from '../../../../contract/console-config';
import { isAllowed } from '../../../../contract/operations';
import type { Role } from '../../../../contract/user-claims';
import { ScopeGatedButton } from '../../../../components/scope-gated-button';
import { useEventToasts } from '../../../../components/use-event-toasts';
import { useMissingScope } from '../../../../lib/scope-gate';
import { formatQuantity } from '../../../../lib/format';
import { DeclarationActionsMenu } from '../actions/declaration-actions-menu';
import { AssignmentControl } from '../assignment/assignment-control';
import { StatusBadge, statusExplanation } from '../status-badge';
import { attachmentTimes } from '../../model/detail/attachment-labels';
import { DeclarationChangesPanel } from '../review/declaration-changes-panel';
import { AttachmentsPanel } from './attachments-panel';
import { withLatestStatus } from '../../model/detail/awaiting-outcome';
import { AwaitingOutcomeBanner } from './awaiting-outcome-banner';
import { ApprovalStatusBanner } from './approval-status-banner';
import { DeclarationSummary } from './declaration-summary';
import { DeclarationTimeline } from './declaration-timeline';
import { editability } from '../../model/detail/editability';
import { editabilityText } from '../../model/detail/detail-wording';
import { ErrorsPanel } from './errors-panel';
import { headerErrorIndex, itemErrorIndex, type FieldTarget } from '../../model/detail/field-reference';
import { GOODS_ITEM_FIELDS, type GoodsItemField } from '../../model/detail/goods-item-fields';
import { GoodsItemDrawer } from './goods-item-drawer';
import { GoodsItemsTable } from './goods-items-table';
import type { HeaderField } from '../../model/detail/header-fields';
import { HeaderSection, type FocusRequest } from './header-section';
import { UnsavedChangesGuard } from '../../../../components/unsaved-changes-guard';
import { useDeclarationOutcome } from '../../model/detail/use-declaration-outcome';

export const NEW_ITEM = 'new';

interface Props {
  declarationId: string;
  roles: readonly Role[];
  environment: ConsoleConfig['environment'];
  /** From the address (?item=&field=): the goods item open in the editor, 'new' to add one, and the field to focus. */
  openItem: string | undefined;
  focusField: string | undefined;
  onNavigateItem: (item: string | undefined, field: string | undefined) => void;
}

const isItemField = (f: string | undefined): f is GoodsItemField => GOODS_ITEM_FIELDS.some((x) => x === f);

function Section({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={`${id}-heading`} withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={`${id}-heading`} tabIndex={-1}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

/** One declaration: status and outcome of the last write, errors with jumps to their fields, header, goods items, documents and history. */
export function DeclarationDetailPage({ declarationId, roles, environment, openItem, focusField, onNavigateItem }: Props) {
  const { t } = useTranslation('declaration');
  const outcome = useDeclarationOutcome(declarationId);
  // Adding an item sends a message (create:messages), like Save in the editor.
  const missingScope = useMissingScope('create:messages');
  useEventToasts((event) => event.data['id'] === declarationId);
  const d = outcome.declaration.data;
  const items = d.singleAdministrativeDocument.goodsShipment.governmentAgencyGoodsItems;
  const errors = useMemo(() => d.errors ?? [], [d.errors]);
  useDocumentTitle(t('page.documentTitle', { lrn: d.lrn }));

  const headerEdit = editability(d.currentStatus, roles, 'PATCH /v1/declarations/{declarationId}');
  const itemEdit = editability(
    d.currentStatus,
    roles,
    openItem === NEW_ITEM ? 'POST /v1/declarations/{declarationId}/items' : 'PATCH /v1/declarations/{declarationId}/items/{id}',
  );
  const mayDownload = isAllowed(roles, 'GET /v1/declarations/{declarationId}/attachments/{documentType}/{attachmentId}/url');

  const errorsByItem = useMemo(() => itemErrorIndex(errors, items), [errors, items]);
  const errorsByHeaderField = useMemo(() => headerErrorIndex(errors, items), [errors, items]);

  const [headerEditing, setHeaderEditing] = useState(false);
  const [headerFocus, setHeaderFocus] = useState<FocusRequest<HeaderField>>();
  const [headerDirty, setHeaderDirty] = useState(false);
  const [itemDirty, setItemDirty] = useState(false);

  // Navigations the page makes itself (opening and closing the editor) pass the unsaved-changes guard.
  const allowance = useRef(false);
  const consumeAllowance = useCallback(() => {
    const allowed = allowance.current;
    allowance.current = false;
    return allowed;
  }, []);
  const navigateItem = (item: string | undefined, field?: string) => {
    allowance.current = true;
    onNavigateItem(item, field);
  };

  const selected = openItem && openItem !== NEW_ITEM ? items.find((i) => i.governmentAgencyGoodsItemId === openItem) : undefined;
  const drawerOpened = openItem === NEW_ITEM || !!selected;
  const serviceErrors = useMemo(() => {
    const out: Partial<Record<GoodsItemField, string>> = {};
    for (const { field, error } of (selected && errorsByItem.get(selected.governmentAgencyGoodsItemId)) || []) {
      if (field) out[field] = [out[field], `${error.errorCode}: ${error.message}`].filter(Boolean).join(' ');
    }
    return out;
  }, [selected, errorsByItem]);
  const rules = useMemo(
    () => ({
      invoiceCurrency: d.singleAdministrativeDocument.invoiceCurrency,
      excise: d.singleAdministrativeDocument.declType === 'EAD' || !!d.arc,
    }),
    [d.singleAdministrativeDocument.invoiceCurrency, d.singleAdministrativeDocument.declType, d.arc],
  );

  const jump = (target: Exclude<FieldTarget, { kind: 'none' }>) => {
    if (target.kind === 'item') {
      navigateItem(target.itemId, target.field);
      return;
    }
    if (headerEdit.editable) setHeaderEditing(true);
    setHeaderFocus((prev) => ({ field: target.field, nonce: (prev?.nonce ?? 0) + 1 }));
  };

  const showErrors = () => document.getElementById('errors-heading')?.focus();

  return (
    <Stack gap="md">
      <UnsavedChangesGuard dirty={headerDirty || itemDirty} what={t('page.unsavedWhat')} consumeAllowance={consumeAllowance} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('page.title', { lrn: d.lrn })}</Title>
          <Group gap="xs">
            <StatusBadge status={d.currentStatus} withTooltip={false} />
            <Text size="sm">{statusExplanation(d.currentStatus)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {d.customsFlow} · {d.customsFlowStep}
          </Text>
          <AssignmentControl declarationId={declarationId} lrn={d.lrn} roles={roles} />
        </Stack>
        <DeclarationActionsMenu
          declaration={d}
          roles={[...roles]}
          environment={environment}
          onAccepted={(action) => outcome.startAfterAccepted(t(`actionNames.${action}`))}
        />
      </Group>

      <AwaitingOutcomeBanner
        state={withLatestStatus(outcome.state, d)}
        onCheckAgain={outcome.checkAgain}
        onDismiss={outcome.dismiss}
        onShowErrors={showErrors}
      />
      <ApprovalStatusBanner declarationId={declarationId} />

      <Section id="summary" title={t('page.summary')}>
        <DeclarationSummary declaration={d} />
      </Section>

      <Section
        id="errors"
        title={t('page.errors')}
        aside={
          errors.length > 0 ? (
            <Badge color="red" variant="light" c="red.9" tt="none">
              {t('page.errorCount', { count: errors.length })}
            </Badge>
          ) : undefined
        }
      >
        {errors.length === 0 ? <Text size="sm">{t('page.noErrors')}</Text> : <ErrorsPanel errors={errors} items={items} onJump={jump} />}
      </Section>

      <Section id="header" title={t('page.header')}>
        <HeaderSection
          declaration={d}
          editability={headerEdit}
          serviceErrors={errorsByHeaderField}
          editing={headerEditing && headerEdit.editable}
          onEditingChange={setHeaderEditing}
          focusRequest={headerFocus}
          outcome={outcome}
          onDirtyChange={setHeaderDirty}
        />
      </Section>

      <Section
        id="goods-items"
        title={t('page.goodsItems', { count: formatQuantity(items.length) })}
        aside={
          <ScopeGatedButton
            missing={missingScope}
            size="xs"
            variant="light"
            onClick={() => navigateItem(NEW_ITEM)}
            disabled={!itemEdit.editable}
          >
            {t('page.addGoodsItem')}
          </ScopeGatedButton>
        }
      >
        {!itemEdit.editable && (
          <Text size="sm" mb="xs">
            {editabilityText(itemEdit, t)}
          </Text>
        )}
        <GoodsItemsTable
          items={items}
          errorsByItem={errorsByItem}
          openItemId={selected?.governmentAgencyGoodsItemId}
          onOpen={(id) => navigateItem(id)}
        />
      </Section>

      <Section id="attachments" title={t('page.documents')}>
        <AttachmentsPanel
          declarationId={declarationId}
          attachments={d.attachments ?? []}
          times={attachmentTimes(outcome.events)}
          disabledReason={mayDownload ? undefined : t('page.mayNotDownload')}
        />
      </Section>

      <Section id="changes" title={t('page.changes')}>
        <DeclarationChangesPanel declarationId={declarationId} />
      </Section>

      <Section id="history" title={t('page.history')}>
        <DeclarationTimeline declarationId={declarationId} events={outcome.events} eventsError={outcome.inbox.error} />
      </Section>

      <GoodsItemDrawer
        declarationId={declarationId}
        jurisdiction={d.jurisdiction}
        roles={roles}
        opened={drawerOpened}
        item={selected}
        rules={rules}
        editability={itemEdit}
        serviceErrors={serviceErrors}
        focusField={isItemField(focusField) ? focusField : undefined}
        outcome={outcome}
        dirty={itemDirty}
        onDirtyChange={setItemDirty}
        onClose={() => navigateItem(undefined)}
      />
    </Stack>
  );
}
