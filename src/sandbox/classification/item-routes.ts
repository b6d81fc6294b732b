import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CLASSIFICATION_LIMITS,
  IMAGE_UPLOAD_CONTENT_TYPES,
  PATCHABLE_FIELDS,
  classificationItemCreateSchema,
  classificationItemPatchSchema,
  classificationSearchQuerySchema,
  duplicateJurisdictionErrors,
  imageInputSchema,
  imageUploadContentTypeSchema,
  zodErrorsMap,
  type AddImageResponse,
  type ClassificationItem,
  type ClassificationSearchResult,
  type ImageInput,
} from '../../contract/classification.js';
import { addMessages, setOwn } from '../../contract/plain-data.js';
import type { SandboxContext } from '../context.js';
import { mediaType } from '../../server-kit/http/body-parsers.js';
import { ImageRejected, cleanFileName, defaultFileName, fileNameFromContentDisposition, prepareImage, sniffType } from './images.js';
import { notFound } from '../../server-kit/http/problem.js';
import { classificationProblem, validationProblem } from './problem.js';
import { ExternalReferenceInUse, type PreparedImage, type StoredItem } from '../store/classification/classification-records.js';
import { itemResponse } from './responses.js';
import { fetchImage } from './url-fetch.js';

/** What the classification item routes use of the sandbox's context: the signature says what it depends on. */
type ItemRoutesDeps = Pick<SandboxContext, 'config' | 'now' | 'store'>;

/** Largest item creation body: up to 50 inline images, base64 (sandbox default). Larger: 413. */
export const CREATE_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
/** Largest raw image upload (the specification recommends 10 MB or less). Larger: 413. */
export const UPLOAD_BODY_LIMIT_BYTES = CLASSIFICATION_LIMITS.imageMaxBytes;

const SEARCH_PATH = '/v1/classifications/items/search';
const PATCHABLE = new Set<string>(PATCHABLE_FIELDS);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Item ids are uuids; anything else cannot name an item, so it is a 404 like an unknown one. */
export function parseItemId(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound(`No classification item ${raw}.`);
  return parsed.data.toLowerCase();
}

const mergeErrors = (...maps: Record<string, string[]>[]): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const m of maps) for (const [k, v] of Object.entries(m)) addMessages(out, k, ...v);
  return out;
};

export function registerItemRoutes(app: FastifyInstance, ctx: ItemRoutesDeps): void {
  const items = ctx.store.repos.classification;
  const tenantOf = (request: FastifyRequest): string => request.principal.tenantId;
  const loadItem = async (request: FastifyRequest, rawId: string): Promise<StoredItem> => {
    const item = await items.getItem(tenantOf(request), parseItemId(rawId));
    if (!item) throw notFound(`No classification item ${rawId}.`);
    return item;
  };
  const respond = async (item: StoredItem): Promise<ClassificationItem> => itemResponse(item, await items.listImages(item.id));

  /** One image input of a creation body, fetched or decoded and checked. */
  const prepareInput = async (input: ImageInput): Promise<PreparedImage[]> => {
    if ('url' in input) {
      const fetched = await fetchImage(input.url, { allowPrivate: ctx.config.allowPrivateImageUrls });
      const name = cleanFileName(input.fileName ?? fetched.fileName) ?? defaultFileName(await sniffType(fetched.bytes));
      return prepareImage(fetched.bytes, 'application/octet-stream', name); // the server's Content-Type is not trusted: sniffed
    }
    const bytes = Buffer.from(input.contentBase64, 'base64');
    return prepareImage(bytes, input.contentType, cleanFileName(input.fileName) ?? defaultFileName(input.contentType));
  };

  // Create an item.
  app.post(
    '/v1/classifications/items',
    { config: { scope: 'create:classifications', classification: true }, bodyLimit: CREATE_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const body = request.body;
      if (!isRecord(body)) throw validationProblem({ body: ['The body must be a JSON object (the item creation body).'] });
      const parsed = classificationItemCreateSchema.safeParse(body);
      const errors = mergeErrors(
        parsed.success ? {} : zodErrorsMap(parsed.error),
        duplicateJurisdictionErrors(body.assignedClassifications),
      );
      // Duplicates were found on the raw input; drop the copy zod reported when the rest parsed.
      for (const [k, v] of Object.entries(errors)) setOwn(errors, k, [...new Set(v)]);

      // Images are fetched and decoded even when other fields are wrong, so every problem is reported at once.
      const rawImages = Array.isArray(body.images) && body.images.length <= CLASSIFICATION_LIMITS.imagesPerRequest ? body.images : [];
      const prepared: PreparedImage[][] = [];
      let tooLarge = false;
      for (const [i, raw] of rawImages.entries()) {
        const input = imageInputSchema.safeParse(raw);
        if (!input.success) continue; // already in errors
        try {
          prepared.push(await prepareInput(input.data));
        } catch (err) {
          if (!(err instanceof ImageRejected)) throw err;
          if (err.status === 413) tooLarge = true;
          addMessages(errors, `images.${i}`, err.message);
        }
      }
      if (tooLarge) throw classificationProblem(413, 'An image is larger than the 10 MiB limit.', errors);
      if (Object.keys(errors).length || !parsed.success) throw validationProblem(errors);

      const input = parsed.data;
      try {
        const item = await items.createItem(
          tenantOf(request),
          {
            externalReference: input.externalReference,
            description: input.description,
            origin: input.origin ?? null,
            assigned: input.assignedClassifications,
          },
          prepared.flat(),
          ctx.now().getTime(),
        );
        return reply.code(201).send(await respond(item));
      } catch (err) {
        if (err instanceof ExternalReferenceInUse) {
          throw classificationProblem(409, `externalReference ${input.externalReference} is already in use.`, {
            externalReference: ['Already in use by another item.'],
          });
        }
        throw err;
      }
    },
  );

  // Search.
  app.get(
    '/v1/classifications/items/search',
    { config: { scope: 'read:classifications', classification: true } },
    async (request): Promise<ClassificationSearchResult> => {
      const raw = isRecord(request.query) ? request.query : {};
      const parsed = classificationSearchQuerySchema.safeParse(raw);
      if (!parsed.success) throw validationProblem(zodErrorsMap(parsed.error));
      const q = parsed.data;
      const limit = Math.min(q.limit, CLASSIFICATION_LIMITS.searchMaxLimit); // capped, not an error
      const ms = (s: string | undefined): number | undefined => (s === undefined ? undefined : Date.parse(s));
      const rows = await items.search(tenantOf(request), {
        offset: q.offset,
        limit: limit + 1,
        externalReference: q.externalReference,
        creationDateFrom: ms(q.creationDateFrom),
        creationDateTo: ms(q.creationDateTo),
        lastUpdatedFrom: ms(q.lastUpdatedFrom),
        lastUpdatedTo: ms(q.lastUpdatedTo),
        hasBetterSuggestion: q.hasBetterSuggestion,
      });
      const page = rows.slice(0, limit);
      const link = (offset: number): string => {
        const params = new URLSearchParams();
        for (const key of [
          'externalReference',
          'creationDateFrom',
          'creationDateTo',
          'lastUpdatedFrom',
          'lastUpdatedTo',
          'hasBetterSuggestion',
        ] as const) {
          const v = raw[key];
          if (typeof v === 'string') params.set(key, v);
        }
        params.set('offset', String(offset));
        params.set('limit', String(limit));
        return `${SEARCH_PATH}?${params.toString()}`;
      };
      return {
        data: page.map((i) => ({ id: i.id, externalReference: i.externalReference, description: i.description, origin: i.origin })),
        links: {
          self: link(q.offset),
          prev: q.offset > 0 ? link(Math.max(0, q.offset - limit)) : null,
          next: rows.length > limit ? link(q.offset + limit) : null,
        },
      };
    },
  );

  // Read an item.
  app.get<{ Params: { itemId: string } }>(
    '/v1/classifications/items/:itemId',
    { config: { scope: 'read:classifications', classification: true } },
    async (request) => respond(await loadItem(request, request.params.itemId)),
  );

  // JSON Merge Patch (RFC 7396).
  app.patch<{ Params: { itemId: string } }>(
    '/v1/classifications/items/:itemId',
    { config: { scope: 'create:classifications', classification: true } },
    async (request) => {
      const item = await loadItem(request, request.params.itemId);
      const type = mediaType(request);
      if (request.body !== undefined && type !== 'application/merge-patch+json' && type !== 'application/json') {
        throw classificationProblem(415, 'A patch is application/merge-patch+json (or application/json).');
      }
      const body = request.body ?? {};
      if (!isRecord(body)) throw validationProblem({ body: ['A merge patch of an item is a JSON object.'] });
      const errors: Record<string, string[]> = {};
      const known: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(body)) {
        if (key === 'images') errors.images = ['Images cannot be changed through PATCH; use POST and DELETE on /images.'];
        else if (key === 'assignedClassifications')
          errors.assignedClassifications = ['Assigned classifications cannot be changed through PATCH.'];
        else if (['id', 'hasBetterSuggestion', 'creationDate', 'lastUpdated'].includes(key)) setOwn(errors, key, ['Read-only field.']);
        else if (!PATCHABLE.has(key)) setOwn(errors, key, [`Not a patchable field (patchable: ${PATCHABLE_FIELDS.join(', ')}).`]);
        else if (key === 'externalReference' && value === null) errors.externalReference = ['externalReference cannot be cleared.'];
        else setOwn(known, key, value);
      }
      const parsed = classificationItemPatchSchema.safeParse(known);
      if (!parsed.success) Object.assign(errors, mergeErrors(errors, zodErrorsMap(parsed.error)));
      if (Object.keys(errors).length || !parsed.success) throw validationProblem(errors);
      try {
        return await respond(await items.updateItem(item, parsed.data, ctx.now().getTime()));
      } catch (err) {
        if (err instanceof ExternalReferenceInUse) {
          throw classificationProblem(409, `externalReference ${err.externalReference} is already in use.`, {
            externalReference: ['Already in use by another item.'],
          });
        }
        throw err;
      }
    },
  );

  app.delete<{ Params: { itemId: string } }>(
    '/v1/classifications/items/:itemId',
    { config: { scope: 'delete:classifications', classification: true } },
    async (request, reply) => {
      const id = parseItemId(request.params.itemId);
      if (!(await items.deleteItem(tenantOf(request), id))) throw notFound(`No classification item ${request.params.itemId}.`);
      return reply.code(204).send();
    },
  );

  // Raw image upload.
  app.post<{ Params: { itemId: string } }>(
    '/v1/classifications/items/:itemId/images',
    // Every image type reaches the handler: one outside the accepted list is a 400 there, not a 415.
    {
      config: {
        scope: 'create:classifications',
        classification: true,
        bodyTypes: ['application/octet-stream', 'application/pdf', /^image\//],
      },
      bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
    },
    async (request, reply) => {
      const item = await loadItem(request, request.params.itemId);
      const type = mediaType(request);
      if (!type || !imageUploadContentTypeSchema.safeParse(type).success) {
        // An image type outside the list is an unaccepted image (400); any other type is an unsupported Content-Type (415).
        if (type.startsWith('image/'))
          throw validationProblem({ 'Content-Type': [`${type} is not accepted; use one of ${IMAGE_UPLOAD_CONTENT_TYPES.join(', ')}.`] });
        throw classificationProblem(
          415,
          `Content-Type ${type || '(none)'} is not supported; use one of ${IMAGE_UPLOAD_CONTENT_TYPES.join(', ')}.`,
        );
      }
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let images: PreparedImage[];
      try {
        const given = fileNameFromContentDisposition(request.headers['content-disposition']);
        const name = given ?? defaultFileName(type === 'application/octet-stream' && bytes.length ? await sniffType(bytes) : type);
        images = await prepareImage(bytes, type, name);
      } catch (err) {
        if (err instanceof ImageRejected) throw classificationProblem(err.status, err.message, { body: [err.message] });
        throw err;
      }
      const added = await items.addImages(item.tenantId, item.id, images, ctx.now().getTime());
      if (!added?.[0]) throw notFound(`No classification item ${request.params.itemId}.`);
      const [first] = added;
      const body: AddImageResponse = {
        imageId: first.imageId,
        itemId: first.itemId,
        fileName: first.fileName,
        contentType: first.contentType,
      };
      if (added.length > 1 || images[0]?.pageText !== undefined)
        body.pages = added.map((a) => ({ imageId: a.imageId, itemId: a.itemId, fileName: a.fileName, contentType: a.contentType }));
      return reply.code(201).send(body);
    },
  );

  app.get<{ Params: { itemId: string; imageId: string } }>(
    '/v1/classifications/items/:itemId/images/:imageId',
    { config: { scope: 'read:classifications', classification: true } },
    async (request, reply) => {
      const item = await loadItem(request, request.params.itemId);
      const image = await items.getImage(item.tenantId, item.id, request.params.imageId);
      if (!image) throw notFound(`No image ${request.params.imageId} on item ${item.id}.`);
      return reply
        .type(image.contentType)
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(image.fileName)}`)
        .header('cache-control', 'private, max-age=0')
        .send(image.bytes);
    },
  );

  app.delete<{ Params: { itemId: string; imageId: string } }>(
    '/v1/classifications/items/:itemId/images/:imageId',
    { config: { scope: 'delete:classifications', classification: true } },
    async (request, reply) => {
      const item = await loadItem(request, request.params.itemId);
      if (!(await items.deleteImage(item.tenantId, item.id, request.params.imageId, ctx.now().getTime())))
        throw notFound(`No image ${request.params.imageId} on item ${item.id}.`);
      return reply.code(204).send();
    },
  );
}
