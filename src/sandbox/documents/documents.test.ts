import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import type { DocumentSource } from './render-pdf.js';

let sandbox: RunningSandbox;
let clock = Date.parse('2026-11-22T10:00:00Z');
beforeAll(async () => {
  sandbox = await startSandbox({ seed: false }, { now: () => new Date(clock) });
});
afterAll(async () => sandbox.close());

const source = (goods: number): DocumentSource => ({
  declarationId: 'decl-1',
  lrn: 'LRN-0001',
  mrn: '26GB12345678901234',
  currentStatus: 'Released',
  customsFlow: 'GB Import',
  customsFlowStep: 'H1 Import',
  jurisdiction: 'GB',
  externalReference: 'PO-4711',
  direction: 'IN',
  sad: {
    declType: 'IM',
    addDeclType: 'Z',
    invoiceCurrency: 'EUR',
    declarationOfficeCode: 'GB000060',
    goodsShipment: { consignee: { name: 'Acme Ltd', businessPartnerReference: [{ type: 'Eori', code: 'GB123456789000' }] } },
  },
  goodsItems: Array.from({ length: goods }, (_, i) => ({
    commodity: { description: `Ceramic mug, item ${i + 1} — “quoted”`, classification: { id: '69120021' } },
    goodsMeasure: { gmass: 12.5, nmass: 10 },
    customsValue: { amount: 100 + i, currency: 'EUR' },
  })),
});
const urlBody = z.object({ url: z.url() });

describe('documents and attachments', () => {
  it('generates a multi-page PDF with every goods item, announces it, and serves it through a 307 to a signed URL', async () => {
    const events: { eventType: string; eventSubType: string; data: Record<string, unknown> }[] = [];
    sandbox.ctx.events.onEventIn(async (_tx, e) => {
      events.push(e);
    });
    const meta = await sandbox.ctx.documents.service.generate('t-acc-001', 'SAD', source(120), { id: 'decl-1', lrn: 'LRN-0001' });

    expect(events.at(-1)).toMatchObject({
      eventType: 'DeclarationPdfCreated',
      eventSubType: 'SAD',
      data: { id: 'decl-1', type: 'SAD', attachmentId: meta.id },
    });
    const announced = z.object({ url: z.string() }).parse(events.at(-1)?.data).url;
    expect(announced).toBe(`${sandbox.url}/v1/declarations/decl-1/attachments/SAD/${meta.id}`);

    const redirect = await sandbox.call(`/v1/declarations/decl-1/attachments/${meta.id}`, { redirect: 'manual' });
    expect(redirect.status).toBe(307);
    const location = redirect.headers.get('location') ?? '';
    expect(location).toContain('/_downloads/');

    const pdf = await fetch(location);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  });

  it('answers the /url variants with {url}, checks the document type, and 404s unknown attachments', async () => {
    const meta = await sandbox.ctx.documents.service.generate('t-acc-001', 'EAD', source(2), { id: 'decl-1' });
    const typed = await sandbox.call(`/v1/declarations/decl-1/attachments/EAD/${meta.id}/url`);
    expect(typed.status).toBe(200);
    expect((await fetch(urlBody.parse(await typed.json()).url)).status).toBe(200);
    expect((await sandbox.call(`/v1/declarations/decl-1/attachments/SAD/${meta.id}/url`)).status).toBe(404);
    expect((await sandbox.call(`/v1/declarations/decl-2/attachments/${meta.id}/url`)).status).toBe(404);
    // another tenant's token sees nothing
    expect((await sandbox.call(`/v1/declarations/decl-1/attachments/${meta.id}/url`, { clientId: 'noclass-acc' })).status).toBe(404);
    expect((await sandbox.ctx.store.repos.documents.list('t-acc-001', 'decl-1')).map((a) => a.documentType)).toContain('EAD');
  });

  it('refuses a tampered download URL and an expired one', async () => {
    const meta = await sandbox.ctx.documents.service.generate('t-acc-001', 'SAD', source(1), { id: 'decl-1' });
    const res = await sandbox.call(`/v1/declarations/decl-1/attachments/${meta.id}/url`);
    const url = new URL(urlBody.parse(await res.json()).url);

    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await fetch(tampered)).status).toBe(403);

    clock += 6 * 60 * 1000; // past the five-minute lifetime
    const expired = await fetch(url);
    expect(expired.status).toBe(410);
    expect(expired.headers.get('content-type')).toContain('application/problem+json');
  });
});
