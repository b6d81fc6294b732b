import { randomUUID } from 'node:crypto';
import { declarationEventData } from '../../contract/events.js';
import type { EventBus } from '../events/event-bus.js';
import type { AttachmentMeta, OwedDocument } from '../store/documents/documents-repository.js';
import type { SandboxStore } from '../store/sandbox-store.js';
import { documentSource } from './document-source.js';
import { renderDeclarationPdf, type DocumentSource } from './render-pdf.js';

/**
 * Produces customs documents for declarations: renders the PDF (outside any transaction: it
 * takes a while), then stores it and announces it with DeclarationPdfCreated in one transaction
 * (subtype: the document type; data: the declaration's event data plus `type` and `url`,
 * docs/service-facts.md 3.2). The url is the attachment path of the specification; appending /url to it
 * gives the non-redirecting variant.
 */
export class DocumentService {
  constructor(private readonly deps: { store: SandboxStore; events: EventBus; publicUrl: string; now: () => Date }) {}

  attachmentUrl(declarationId: string, documentType: string, attachmentId: string): string {
    return `${this.deps.publicUrl}/v1/declarations/${encodeURIComponent(declarationId)}/attachments/${encodeURIComponent(documentType)}/${encodeURIComponent(attachmentId)}`;
  }

  async generate(
    tenantId: string,
    documentType: string,
    source: DocumentSource,
    eventData: Record<string, unknown>,
  ): Promise<AttachmentMeta> {
    const rendered = await this.render(documentType, source);
    const meta: AttachmentMeta = { id: randomUUID(), documentType, fileName: rendered.fileName };
    await this.deps.store.transaction(async (tx) => {
      await tx.documents.add({
        ...meta,
        tenantId,
        declarationId: source.declarationId,
        contentType: 'application/pdf',
        content: rendered.pdf,
        createdAt: rendered.at,
      });
      await this.deps.events.publishIn(tx, {
        tenantId,
        eventType: 'DeclarationPdfCreated',
        eventSubType: documentType,
        data: declarationEventData('DeclarationPdfCreated', {
          ...eventData,
          type: documentType,
          attachmentId: meta.id,
          fileName: meta.fileName,
          url: this.attachmentUrl(source.declarationId, documentType, meta.id),
        }),
      });
    });
    return meta;
  }

  /**
   * Produces a document a seeded declaration owes, silently (the seed publishes nothing). Whoever
   * settles the debt first stores the document, so two workers never store it twice.
   */
  async produceOwed(owed: OwedDocument): Promise<void> {
    const { repos } = this.deps.store;
    const d = await repos.declarations.getById(owed.declarationId);
    if (!d) {
      await repos.documents.settle(owed);
      return;
    }
    const rendered = await this.render(owed.documentType, documentSource(d, await repos.declarations.items(d.id)));
    await this.deps.store.transaction(async (tx) => {
      if (!(await tx.documents.settle(owed))) return;
      await tx.documents.add({
        id: randomUUID(),
        tenantId: d.tenantId,
        declarationId: d.id,
        documentType: owed.documentType,
        fileName: rendered.fileName,
        contentType: 'application/pdf',
        content: rendered.pdf,
        createdAt: rendered.at,
      });
    });
  }

  private async render(documentType: string, source: DocumentSource): Promise<{ pdf: Uint8Array; fileName: string; at: string }> {
    const generatedAt = this.deps.now();
    const pdf = await renderDeclarationPdf(documentType, source, generatedAt);
    return { pdf, fileName: `${documentType}-${source.mrn ?? source.lrn}.pdf`, at: generatedAt.toISOString() };
  }
}
