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
  /** The save that waits for typing to pause; run at once when the dialog closes, so the last keystrokes are kept too. */
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; save: () => void } | undefined>(undefined);

  useEffect(() => {
    if (!enabled) return undefined;
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        clearTimeout(pending.current?.timer);
        // Back at the declaration's own values (e.g. after Discard) there is nothing to keep.
        const untouched = JSON.stringify(values) === JSON.stringify(defaults);
        const save = () => {
          pending.current = undefined;
          if (untouched) clearDraft(storage, key);
          else writeDraft(storage, key, values);
        };
        pending.current = { timer: setTimeout(save, SAVE_DELAY_MS), save };
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(pending.current?.timer);
      pending.current?.save();
    };
  }, [enabled, form, key, defaults, storage]);

  const clear = useCallback(() => {
    clearTimeout(pending.current?.timer);
    pending.current = undefined;
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
