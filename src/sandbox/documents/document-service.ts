import type { EventBus } from '../events/event-bus.js';
import type { DocumentStore, AttachmentMeta } from './document-store.js';
import { renderDeclarationPdf, type DocumentSource } from './render-pdf.js';

/**
 * Produces customs documents for declarations: renders the PDF, stores it, and announces it
 * with DeclarationPdfCreated (subtype: the document type; data: the declaration's event data
 * plus `type` and `url`, service-facts 3.2). The url is the attachment path of the
 * specification; appending /url to it gives the non-redirecting variant.
 */
export class DocumentService {
  constructor(
    private readonly store: DocumentStore,
    private readonly events: EventBus,
    private readonly publicUrl: string,
    private readonly now: () => Date,
  ) {}

  attachmentUrl(declarationId: string, documentType: string, attachmentId: string): string {
    return `${this.publicUrl}/v1/declarations/${encodeURIComponent(declarationId)}/attachments/${encodeURIComponent(documentType)}/${encodeURIComponent(attachmentId)}`;
  }

  async generate(tenantId: string, documentType: string, source: DocumentSource, eventData: Record<string, unknown>): Promise<AttachmentMeta> {
    const generatedAt = this.now();
    const pdf = await renderDeclarationPdf(documentType, source, generatedAt);
    const fileName = `${documentType}-${source.mrn ?? source.lrn}.pdf`;
    const meta = this.store.add(tenantId, source.declarationId, documentType, fileName, pdf);
    this.events.publish({
      tenantId,
      eventType: 'DeclarationPdfCreated',
      eventSubType: documentType,
      data: { ...eventData, type: documentType, attachmentId: meta.id, fileName, url: this.attachmentUrl(source.declarationId, documentType, meta.id) },
    });
    return meta;
  }
}
