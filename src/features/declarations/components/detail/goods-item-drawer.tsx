import { Drawer } from '@mantine/core';
import { useState } from 'react';
import type { DeclarationGoodsItem } from '../../../../contract/declarations';
import { ConfirmDiscardModal } from './confirm-discard-modal';
import type { Editability } from '../../model/detail/editability';
import type { GoodsItemRules } from '../../model/detail/goods-item-form';
import type { GoodsItemField } from '../../model/detail/goods-item-fields';
import { GoodsItemEditor } from './goods-item-editor';
import type { DeclarationOutcome } from '../../model/detail/use-declaration-outcome';

interface Props {
  declarationId: string;
  opened: boolean;
  item: DeclarationGoodsItem | undefined;
  rules: GoodsItemRules;
  editability: Editability;
  serviceErrors: Partial<Record<GoodsItemField, string>>;
  focusField: GoodsItemField | undefined;
  outcome: Pick<DeclarationOutcome, 'capture' | 'start'>;
  dirty: boolean;
  onDirtyChange: (dirty: boolean) => void;
  onClose: () => void;
}

/** The goods item editor in a drawer; closing it with unsaved changes asks first. */
export function GoodsItemDrawer({ declarationId, opened, item, rules, editability, serviceErrors, focusField, outcome, dirty, onDirtyChange, onClose }: Props) {
  const [confirming, setConfirming] = useState(false);
  // The question opens after the key event is over: opened during an Escape keydown, it would
  // register its own Escape listener in time to receive that same event and close at once.
  const requestClose = () => (dirty ? setTimeout(() => setConfirming(true), 0) : onClose());
  const discard = () => {
    setConfirming(false);
    onDirtyChange(false);
    onClose();
  };
  const title = item ? `Goods item ${item.sequenceNumber}` : 'New goods item';
  return (
    <>
      <Drawer opened={opened} onClose={requestClose} position="right" size="lg" title={title} closeButtonProps={{ 'aria-label': 'Close the goods item editor' }}>
        {opened && (
          <GoodsItemEditor
            key={item?.governmentAgencyGoodsItemId ?? 'new'}
            declarationId={declarationId}
            item={item}
            rules={rules}
            editability={editability}
            serviceErrors={serviceErrors}
            focusField={focusField}
            outcome={outcome}
            onDirtyChange={onDirtyChange}
            onDone={onClose}
            onCancel={requestClose}
          />
        )}
      </Drawer>
      <ConfirmDiscardModal opened={confirming} onConfirm={discard} onCancel={() => setConfirming(false)} />
    </>
  );
}
