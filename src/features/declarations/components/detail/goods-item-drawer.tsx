import { Drawer } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n/use-translation';
import { ConfirmDiscardModal } from '../../../../components/confirm-discard-modal';
import { GoodsItemEditor, type GoodsItemEditorProps } from './goods-item-editor';

type Props = Omit<GoodsItemEditorProps, 'onDone' | 'onCancel'> & { opened: boolean; dirty: boolean; onClose: () => void };

/** The goods item editor in a drawer; closing it with unsaved changes asks first. */
export function GoodsItemDrawer({ opened, dirty, onClose, ...editor }: Props) {
  const { t } = useTranslation('declaration');
  const [confirming, setConfirming] = useState(false);
  // The question opens after the key event is over: opened during an Escape keydown, it would
  // register its own Escape listener in time to receive that same event and close at once.
  const requestClose = () => (dirty ? setTimeout(() => setConfirming(true), 0) : onClose());
  const discard = () => {
    setConfirming(false);
    editor.onDirtyChange(false);
    onClose();
  };
  const { item } = editor;
  const title = item ? t('editor.title', { number: item.sequenceNumber }) : t('editor.newTitle');
  return (
    <>
      <Drawer
        opened={opened}
        onClose={requestClose}
        position="right"
        size="lg"
        title={title}
        closeButtonProps={{ 'aria-label': t('editor.close') }}
      >
        {opened && (
          <GoodsItemEditor key={item?.governmentAgencyGoodsItemId ?? 'new'} {...editor} onDone={onClose} onCancel={requestClose} />
        )}
      </Drawer>
      <ConfirmDiscardModal opened={confirming} onConfirm={discard} onCancel={() => setConfirming(false)} />
    </>
  );
}
