import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  addImageResponseSchema,
  classificationItemSchema,
  startClassificationResponseSchema,
  type ClassificationItemCreate,
  type ClassificationItemPatch,
  type StartClassification,
} from '../../../contract/classification';
import type { RecordedRun } from '../../../contract/classification-workbench';
import { request } from '../../../lib/api-client';
import { uploadContentType } from '../model/item/image-files';
import { classificationKeys, itemPath } from './classification.queries';
import { workbenchKeys } from './workbench.queries';

const ignored = z.unknown();

function useInvalidate() {
  const queryClient = useQueryClient();
  return (itemId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: classificationKeys.searches() }),
      ...(itemId ? [queryClient.invalidateQueries({ queryKey: classificationKeys.item(itemId), exact: true })] : []),
    ]);
}

/** POST an item. Not retried on 5xx: a second try could create it twice (or answer 409 for our own item). */
export function useCreateItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ClassificationItemCreate) =>
      request('/v1/classifications/items', { method: 'POST', body, schema: classificationItemSchema, retry: 'never' }),
    onSuccess: () => invalidate(),
  });
}

/** JSON Merge Patch: the caller sends only what changed (null clears). */
export function usePatchItem(itemId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (patch: ClassificationItemPatch) =>
      request(itemPath(itemId), {
        method: 'PATCH',
        body: JSON.stringify(patch),
        contentType: 'application/merge-patch+json',
        schema: ignored,
      }),
    onSuccess: () => invalidate(itemId),
  });
}

export function useDeleteItem(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(itemPath(itemId), { method: 'DELETE', schema: ignored }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: classificationKeys.item(itemId) });
      await queryClient.invalidateQueries({ queryKey: classificationKeys.searches() });
    },
  });
}

/** Raw upload: the file's bytes with its type, the name in Content-Disposition (RFC 8187 filename*). */
export function useUploadImage(itemId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) =>
      request(itemPath(itemId, 'images'), {
        method: 'POST',
        body: file,
        contentType: uploadContentType(file),
        headers: { 'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}` },
        schema: addImageResponseSchema,
        retry: 'never',
      }),
    onSuccess: () => invalidate(itemId),
  });
}

export function useDeleteImage(itemId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (imageId: string) => request(itemPath(itemId, 'images', imageId), { method: 'DELETE', schema: ignored }),
    onSuccess: () => invalidate(itemId),
  });
}

const provisionalRun = (runId: string, itemId: string, body: StartClassification): RecordedRun => {
  const now = new Date().toISOString();
  return {
    runId,
    itemId,
    itemReference: null,
    jurisdiction: body.jurisdiction,
    code: body.code ?? null,
    assignedCode: null,
    startedBy: { sub: '', name: 'you' },
    startedAt: now,
    status: 'Pending',
    bestCode: null,
    bestScore: null,
    assignedScore: null,
    better: false,
    updatedAt: now,
  };
};

/**
 * Starts a run: costs one credit, so never retried on 5xx (API-8). The BFF records it for the team
 * and refuses (409) a second start while one of the same jurisdiction is unfinished.
 */
export function useStartRun(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartClassification) =>
      request(itemPath(itemId, 'classifications'), { method: 'POST', body, schema: startClassificationResponseSchema, retry: 'never' }),
    // Shown at once as Pending (what the service answered), before the BFF's list is read again.
    onSuccess: (started, body) =>
      queryClient.setQueryData<RecordedRun[]>(workbenchKeys.runsOfItem(itemId), (runs) => [
        provisionalRun(started.classificationId, itemId, body),
        ...(runs ?? []).filter((r) => r.runId !== started.classificationId),
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workbenchKeys.runsOfItem(itemId) }),
  });
}
