import { z } from 'zod';
import type { AttachmentUrl } from '../../contract/declarations.js';
import type { SandboxFeature } from '../context.js';
import { ProblemError } from '../../server-kit/http/problem.js';
import { registerOwedDocumentsJob } from './owed-documents.js';

const attachmentParams = z.object({
  declarationId: z.string().min(1),
  attachmentId: z.string().min(1),
  documentType: z.string().min(1).optional(),
});
const downloadQuery = z.object({ tenant: z.string().default(''), expires: z.string().default(''), signature: z.string().default('') });

/**
 * Attachments of declarations (specification, Attachments): 307 to a temporary signed URL, or
 * {url} with the /url variants; and the download itself at /_downloads (the URL is the
 * credential, no bearer token: 403 when tampered, 410 when expired). Also produces the documents
 * the seed data owes (owed-documents.ts).
 */
export const documentsFeature: SandboxFeature = {
  name: 'documents',
  register(app, ctx) {
    const { urls } = ctx.documents;
    const documents = ctx.store.repos.documents;
    registerOwedDocumentsJob(ctx);
    const resolve = async (tenantId: string, params: unknown): Promise<string> => {
      const p = attachmentParams.parse(params);
      const meta = await documents.find(tenantId, p.declarationId, p.attachmentId, p.documentType);
      if (!meta)
        throw new ProblemError({
          status: 404,
          detail: `No attachment ${p.attachmentId}${p.documentType ? ` of type ${p.documentType}` : ''} on declaration ${p.declarationId}.`,
        });
      return urls.create(tenantId, meta.id);
    };
    const config = { scope: 'read:declarations' } as const;
    for (const base of [
      '/v1/declarations/:declarationId/attachments/:attachmentId',
      '/v1/declarations/:declarationId/attachments/:documentType/:attachmentId',
    ]) {
      app.get(base, { config }, async (request, reply) =>
        reply
          .code(307)
          .header('cache-control', 'no-store')
          .redirect(await resolve(request.principal.tenantId, request.params), 307),
      );
      app.get(`${base}/url`, { config }, async (request, reply) => {
        const body: AttachmentUrl = { url: await resolve(request.principal.tenantId, request.params) };
        return reply.header('cache-control', 'no-store').send(body);
      });
    }

    app.get<{ Params: { attachmentId: string } }>('/_downloads/:attachmentId', async (request, reply) => {
      const q = downloadQuery.parse(request.query);
      const verdict = urls.check(q.tenant, request.params.attachmentId, q.expires, q.signature);
      if (verdict === 'tampered') throw new ProblemError({ status: 403, detail: 'The download link is not valid.' });
      if (verdict === 'expired')
        throw new ProblemError({
          status: 410,
          title: 'Gone',
          detail: 'The download link has expired; request a new one from the attachment endpoint.',
        });
      const doc = await documents.content(q.tenant, request.params.attachmentId);
      if (!doc) throw new ProblemError({ status: 404, detail: 'The document no longer exists.' });
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `attachment; filename="${doc.fileName.replace(/"/g, '')}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.content);
    });
  },
};
