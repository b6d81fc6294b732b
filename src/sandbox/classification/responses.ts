import type { ClassificationItem, ClassificationRun } from '../../contract/classification.js';
import type { ImageMeta, StoredItem, StoredRun } from '../store/classification/classification-records.js';

const iso = (ms: number): string => new Date(ms).toISOString();

/** The item as the API shows it: images as identifiers (with name and type), assigned codes. */
export function itemResponse(item: StoredItem, images: ImageMeta[]): ClassificationItem {
  return {
    id: item.id,
    externalReference: item.externalReference,
    description: item.description,
    origin: item.origin,
    images: images.map((i) => ({ imageId: i.imageId, fileName: i.fileName, contentType: i.contentType })),
    assignedClassifications: item.assigned,
    hasBetterSuggestion: item.betterJurisdictions.length > 0,
    creationDate: iso(item.createdAt),
    lastUpdated: iso(item.updatedAt),
  };
}

export function runResponse(run: StoredRun): ClassificationRun {
  return {
    classificationId: run.id,
    itemId: run.itemId,
    status: run.status,
    jurisdiction: run.jurisdiction,
    ...(run.code !== null ? { code: run.code } : {}),
    ...(run.status === 'Completed' && run.result ? { result: run.result } : {}),
    ...(run.status === 'Error' ? { errorCode: run.errorCode ?? 'classification_failed', message: run.message ?? '' } : {}),
    createdAt: iso(run.createdAt),
    lastUpdated: iso(run.updatedAt),
  };
}
