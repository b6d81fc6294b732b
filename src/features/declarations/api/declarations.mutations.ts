import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DECLARATION_ACTIONS, type DeclarationAction } from '../../../contract/declaration-actions';
import type { DeclarationPatch } from '../../../contract/declarations';
import type { GoodsItemInput } from '../../../contract/customs-shipment';
import { request } from '../../../lib/api-client';
import { declarationKeys } from './declarations.queries';

/** 202 bodies are not described by the specification: keep whatever came, never rely on it. */
const accepted = z.unknown();

const path = (declarationId: string, ...rest: string[]) => `/v1/declarations/${[declarationId, ...rest].map(encodeURIComponent).join('/')}`;

function useInvalidateDeclaration() {
  const queryClient = useQueryClient();
  return (declarationId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: declarationKeys.detail(declarationId) }),
      queryClient.invalidateQueries({ queryKey: declarationKeys.searches() }),
    ]);
}

/** PATCH the header: only the fields the user changed (selective update model). */
export function usePatchDeclaration(declarationId: string) {
  const invalidate = useInvalidateDeclaration();
  return useMutation({
    mutationFn: (patch: DeclarationPatch) => request(path(declarationId), { method: 'PATCH', body: patch, schema: accepted }),
    onSuccess: () => invalidate(declarationId),
  });
}

export function useAddGoodsItem(declarationId: string) {
  const invalidate = useInvalidateDeclaration();
  return useMutation({
    mutationFn: (item: GoodsItemInput) =>
      request(path(declarationId, 'items'), { method: 'POST', body: item, schema: accepted, retry: 'never' }),
    onSuccess: () => invalidate(declarationId),
  });
}

export function usePatchGoodsItem(declarationId: string) {
  const invalidate = useInvalidateDeclaration();
  return useMutation({
    mutationFn: ({ itemId, patch }: { itemId: string; patch: GoodsItemInput }) =>
      request(path(declarationId, 'items', itemId), { method: 'PATCH', body: patch, schema: accepted }),
    onSuccess: () => invalidate(declarationId),
  });
}

export function useDeleteGoodsItem(declarationId: string) {
  const invalidate = useInvalidateDeclaration();
  return useMutation({
    mutationFn: (itemId: string) => request(path(declarationId, 'items', itemId), { method: 'DELETE', schema: accepted }),
    onSuccess: () => invalidate(declarationId),
  });
}

export interface ActionRequest {
  action: DeclarationAction;
  /** generateDocument only. */
  documentType?: string;
  body?: unknown;
}

/**
 * POST a declaration action, sent again after a 429 only (an action must not run twice). The 202
 * says "accepted", not "done": the declaration is read again when its events bring the outcome
 * (useDeclarationOutcome), not now; the search results, which no event follows, are refreshed.
 */
export function useDeclarationAction(declarationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, documentType, body }: ActionRequest) => {
      const segments = [DECLARATION_ACTIONS[action].segment, ...(documentType ? [documentType] : [])];
      return request(path(declarationId, ...segments), { method: 'POST', body, schema: accepted, retry: 'never' });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: declarationKeys.searches() }),
        // A call the four-eyes policy held shows as awaiting approval.
        queryClient.invalidateQueries({ queryKey: [...declarationKeys.detail(declarationId), 'approvals'] }),
      ]),
  });
}
