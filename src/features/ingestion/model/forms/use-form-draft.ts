import { useCallback, useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { browserStorage, clearDraft, draftKey, readDraft, writeDraft } from '../../../../lib/draft-storage';

const SAVE_DELAY_MS = 400;
const formDraftKey = (name: string): string => draftKey('ingestion-draft', 2, name);

/** The stored draft of form `name`, when there is one and it still reads as the form's values. */
export function readFormDraft<V extends FieldValues>(name: string, isValues: (value: unknown) => value is V): V | undefined {
  return readDraft(browserStorage(), formDraftKey(name), z.custom<V>(isValues))?.value;
}

/**
 * Keeps a long form's content in localStorage while it is edited, so nothing is lost on a reload
 * or when its tab is left (a pending save is written at once then); clear() after a send.
 */
export function useFormDraft<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, name: string): { clear: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ values: unknown } | undefined>(undefined);
  useEffect(() => {
    const flush = () => {
      clearTimeout(timer.current);
      if (pending.current) writeDraft(browserStorage(), formDraftKey(name), pending.current.values);
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
  }, [form, name]);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = undefined;
    clearDraft(browserStorage(), formDraftKey(name));
  }, [name]);
  return { clear };
}
