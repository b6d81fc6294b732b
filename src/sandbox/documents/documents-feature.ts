import { z } from 'zod';
import type { SandboxFeature } from '../context.js';
import { ProblemError } from '../http/problem.js';
import { documentSchema } from './document-store.js';

const attachmentParams = z.object({
  declarationId: z.string().min(1),
  attachmentId: z.string().min(1),
  documentType: z.string().min(1).optional(),
});
const downloadQuery = z.object({ tenant: z.string().default(''), expires: z.string().default(''), signature: z.string().default('') });

/**
 * Attachments of declarations (specification, Attachments): 307 to a temporary signed URL, or
 * {url} with the /url variants; and the download itself at /_downloads (the URL is the
 * credential, no bearer token: 403 when tampered, 410 when expired).
 */
export const documentsFeature: SandboxFeature = {
  name: 'documents',
  schema: [documentSchema],
  register(app, ctx) {
    const { store, urls } = ctx.documents;
    const resolve = (tenantId: string, params: unknown) => {
      const p = attachmentParams.parse(params);
      const meta = store.find(tenantId, p.declarationId, p.attachmentId, p.documentType);
      if (!meta) throw new ProblemError({ status: 404, detail: `No attachment ${p.attachmentId}${p.documentType ? ` of type ${p.documentType}` : ''} on declaration ${p.declarationId}.` });
      return urls.create(tenantId, meta.id);
    };
    const config = { scope: 'read:declarations' } as const;
    for (const base of ['/v1/declarations/:declarationId/attachments/:attachmentId', '/v1/declarations/:declarationId/attachments/:documentType/:attachmentId']) {
      app.get(base, { config }, async (request, reply) =>
        reply.code(307).header('cache-control', 'no-store').redirect(resolve(request.principal.tenantId, request.params), 307),
      );
      app.get(`${base}/url`, { config }, async (request, reply) => reply.header('cache-control', 'no-store').send({ url: resolve(request.principal.tenantId, request.params) }));
    }

    app.get<{ Params: { attachmentId: string } }>('/_downloads/:attachmentId', async (request, reply) => {
      const q = downloadQuery.parse(request.query);
      const verdict = urls.check(q.tenant, request.params.attachmentId, q.expires, q.signature);
      if (verdict === 'tampered') throw new ProblemError({ status: 403, detail: 'The download link is not valid.' });
      if (verdict === 'expired') throw new ProblemError({ status: 410, title: 'Gone', detail: 'The download link has expired; request a new one from the attachment endpoint.' });
      const doc = store.content(q.tenant, request.params.attachmentId);
      if (!doc) throw new ProblemError({ status: 404, detail: 'The document no longer exists.' });
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `attachment; filename="${doc.fileName.replace(/"/g, '')}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.content);
    });
  },
};
