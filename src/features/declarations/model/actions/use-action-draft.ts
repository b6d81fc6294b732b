import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { DeclarationAction } from '../../../../contract/declaration-actions';
import { clearDraft, draftKey, readDraft, writeDraft, type DraftStorage } from '../../../../lib/draft-storage';
import { useConsoleSession } from '../../../../lib/session/session-context';

const SAVE_DELAY_MS = 400;

/** Bump when a dialog's form model changes shape: older drafts are then ignored. */
const actionDraftKey = (declarationId: string, action: DeclarationAction): string => draftKey('action-draft', 2, declarationId, action);

export interface DraftState {
  /** When a draft was restored on open: its save time. */
  restoredAt: string | undefined;
  /** Forget the draft and start from the declaration's values again. */
  discard: () => void;
  /** After a 202: the draft is sent. */
  clear: () => void;
}

/** The values a drafted dialog opens with: the user's stored draft (re-read with the form model schema) or the defaults. */
export function initialDraft<Input extends FieldValues>(
  storage: DraftStorage,
  declarationId: string,
  action: DeclarationAction,
  formSchema: z.ZodType<Input> | undefined,
): { values: Input; savedAt: string } | undefined {
  if (!formSchema) return undefined;
  const stored = readDraft(storage, actionDraftKey(declarationId, action), formSchema);
  return stored && { values: stored.value, savedAt: stored.savedAt };
}

/** Keeps the form's content in the user's storage while the dialog is open (long dialogs only). */
export function useActionDraft<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, unknown>,
  options: {
    declarationId: string;
    action: DeclarationAction;
    enabled: boolean;
    restoredAt: string | undefined;
    defaults: Input;
    onDiscarded: () => void;
  },
): DraftState {
  const { declarationId, action, enabled, defaults, onDiscarded } = options;
  const key = actionDraftKey(declarationId, action);
  const { storage } = useConsoleSession();
  const [restoredAt, setRestoredAt] = useState(options.restoredAt);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!enabled) return undefined;
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        clearTimeout(timer.current);
        // Back at the declaration's own values (e.g. after Discard) there is nothing to keep.
        const untouched = JSON.stringify(values) === JSON.stringify(defaults);
        timer.current = setTimeout(() => (untouched ? clearDraft(storage, key) : writeDraft(storage, key, values)), SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [enabled, form, key, defaults, storage]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    clearDraft(storage, key);
  }, [key, storage]);

  // A fresh form, not form.reset(): controllers fall back to their first value for undefined.
  const discard = useCallback(() => {
    clear();
    setRestoredAt(undefined);
    onDiscarded();
  }, [clear, onDiscarded]);

  return { restoredAt, discard, clear };
}
