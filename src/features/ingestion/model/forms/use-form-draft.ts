import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { clearDraft, draftKey, readDraft, writeDraft, type DraftStorage } from '../../../../lib/draft-storage';
import { useConsoleSession } from '../../../../lib/session/session-context';

const SAVE_DELAY_MS = 400;
const formDraftKey = (name: string): string => draftKey('ingestion-draft', 2, name);

/** The stored draft of form `name` in the user's storage, when there is one and it still reads as the form's values. */
export function readFormDraft<V extends FieldValues>(
  storage: DraftStorage,
  name: string,
  isValues: (value: unknown) => value is V,
): V | undefined {
  return readDraft(storage, formDraftKey(name), z.custom<V>(isValues))?.value;
}

/**
 * Keeps a long form's content in the user's storage while it is edited, so nothing is lost on a reload
 * or when its tab is left (a pending save is written at once then); clear() after a send.
 */
export function useFormDraft<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, name: string): { clear: () => void } {
  const { storage } = useConsoleSession();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ values: unknown } | undefined>(undefined);
  useEffect(() => {
    const flush = () => {
      clearTimeout(timer.current);
      if (pending.current) writeDraft(storage, formDraftKey(name), pending.current.values);
      pending.current = undefined;
    };
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        clearTimeout(timer.current);
        pending.current = { values };
        timer.current = setTimeout(flush, SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      flush();
    };
  }, [form, name, storage]);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = undefined;
    clearDraft(storage, formDraftKey(name));
  }, [name, storage]);
  return { clear };
}
