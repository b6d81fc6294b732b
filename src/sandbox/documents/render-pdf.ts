import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { GoodsItemInput, Party, SingleAdministrativeDocumentInput } from '../../contract/customs-shipment.js';

/** What a customs document shows of a declaration. */
export interface DocumentSource {
  declarationId: string;
  lrn: string;
  mrn?: string | null;
  arc?: string | null;
  currentStatus: string;
  customsFlow: string;
  customsFlowStep: string;
  jurisdiction: string;
  externalReference: string;
  direction: string;
  sad: SingleAdministrativeDocumentInput;
  goodsItems: readonly GoodsItemInput[];
}

const TITLES: Record<string, string> = {
  SAD: 'Single Administrative Document',
  EAD: 'Export Accompanying Document',
  EADDeparture: 'Export Accompanying Document (departure)',
  TSAD: 'Transit / Security Accompanying Document',
  BCPTSAD: 'Transit / Security Accompanying Document (business continuity)',
  BCPEAD: 'Export Accompanying Document (business continuity)',
  ATR: 'Movement Certificate A.TR (pre-printed form)',
  ATROnBlanco: 'Movement Certificate A.TR (blank paper)',
  T2L: 'Proof of customs status T2L',
  T2LF: 'Proof of customs status T2LF',
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

/** Helvetica speaks WinAnsi only: anything else becomes '?' rather than failing the document. */
const safe = (s: string | number | null | undefined): string => String(s ?? '').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

const partyText = (p: Party | null | undefined): string =>
  [p?.name, ...(p?.businessPartnerReference ?? []).map((r) => `${r.type} ${r.code}`)].filter(Boolean).join(', ') || '-';

class Writer {
  page: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage(A4);
    page.drawText(safe(this.footer), { x: MARGIN, y: 20, size: 7, font: this.font, color: rgb(0.4, 0.4, 0.4) });
    this.y = A4[1] - MARGIN;
    this.page = page;
    return page;
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(s: string, { size = 9, bold = false, x = MARGIN } = {}): void {
    this.ensure(size + 4);
    this.page.drawText(safe(s).slice(0, 120), { x, y: this.y - size, size, font: bold ? this.bold : this.font });
    this.y -= size + 4;
  }

  /** A labelled box, two per row, as on the SAD form. */
  fields(rows: [string, string][]): void {
    const width = (A4[0] - 2 * MARGIN) / 2;
    for (let i = 0; i < rows.length; i += 2) {
      this.ensure(30);
      for (const [j, cell] of [rows[i], rows[i + 1]].entries()) {
        if (!cell) continue;
        const x = MARGIN + j * width;
        this.page.drawRectangle({ x, y: this.y - 28, width, height: 28, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
        this.page.drawText(safe(cell[0]), { x: x + 4, y: this.y - 10, size: 6.5, font: this.font, color: rgb(0.35, 0.35, 0.35) });
        this.page.drawText(safe(cell[1]).slice(0, 60), { x: x + 4, y: this.y - 22, size: 9, font: this.bold });
      }
      this.y -= 30;
    }
  }

  table(header: string[], widths: number[], rows: string[][]): void {
    const drawRow = (cells: string[], bold: boolean) => {
      this.ensure(14);
      let x = MARGIN;
      cells.forEach((c, i) => {
        const w = widths[i] ?? 60;
        const maxChars = Math.floor(w / 4.6);
        this.page.drawText(safe(c).slice(0, maxChars), { x: x + 2, y: this.y - 9, size: 7.5, font: bold ? this.bold : this.font });
        x += w;
      });
      this.page.drawLine({
        start: { x: MARGIN, y: this.y - 12 },
        end: { x: A4[0] - MARGIN, y: this.y - 12 },
        thickness: 0.3,
        color: rgb(0.75, 0.75, 0.75),
      });
      this.y -= 14;
    };
    drawRow(header, true);
    for (const r of rows) {
      if (this.y - 14 < MARGIN) {
        this.ensure(1000);
        drawRow(header, true);
      }
      drawRow(r, false);
    }
  }
}

/**
 * Renders a customs document of the given type as a real PDF: the declaration header (the
 * boxes of the single administrative document), parties, and every goods item, over as many
 * pages as it takes.
 */
export async function renderDeclarationPdf(documentType: string, source: DocumentSource, generatedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = TITLES[documentType] ?? documentType;
  doc.setTitle(`${title} ${source.mrn ?? source.lrn}`);
  doc.setSubject(`Declaration ${source.declarationId}`);
  doc.setProducer('Customs sandbox');
  doc.setCreationDate(generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(
    doc,
    font,
    bold,
    `${documentType} · declaration ${source.declarationId} · generated ${generatedAt.toISOString()} · SANDBOX: not a legal document`,
  );

  w.text(title, { size: 16, bold: true });
  w.text(`${source.customsFlow} / ${source.customsFlowStep} · ${source.jurisdiction} · status ${source.currentStatus}`, { size: 9 });
  w.y -= 6;
  const sad = source.sad;
  const shipment = sad.goodsShipment;
  w.fields([
    ['1 Declaration', `${sad.declType ?? '-'} ${sad.addDeclType ?? ''}`],
    ['MRN', source.mrn ?? 'not yet allocated'],
    ['7 Reference number (LRN)', source.lrn],
    ['Trader reference', source.externalReference],
    ...(source.arc ? ([['ARC (e-AD)', source.arc]] satisfies [string, string][]) : []),
    ['2 Consignor / exporter', partyText(shipment?.consignor)],
    ['8 Consignee', partyText(shipment?.consignee)],
    ['14 Declarant / representative', `${partyText(sad.agent)}${sad.agentStatus ? ` (status ${sad.agentStatus})` : ''}`],
    ['15a Country of dispatch', shipment?.exportCountry ?? '-'],
    ['17a Country of destination', shipment?.destinationCountry ?? '-'],
    ['22 Invoice currency', sad.invoiceCurrency ?? '-'],
    ['29 Office of declaration', sad.declarationOfficeCode ?? '-'],
    ['5 Items', String(source.goodsItems.length)],
    ['UCR', sad.ucr ?? '-'],
  ]);
  w.y -= 8;
  w.text('Goods items', { size: 11, bold: true });
  w.table(
    ['32 Item', '33 Commodity code', '31 Description', '35 Gross kg', '38 Net kg', '46 Value', 'Packages'],
    [40, 70, 170, 55, 55, 70, 55],
    source.goodsItems.map((g, i) => [
      String(i + 1),
      g.commodity?.classification?.id ?? '-',
      g.commodity?.description ?? '-',
      String(g.goodsMeasure?.gmass ?? '-'),
      String(g.goodsMeasure?.nmass ?? '-'),
      g.customsValue ? `${g.customsValue.amount ?? '-'} ${g.customsValue.currency ?? ''}` : '-',
      String((g.packaging ?? []).reduce((n, p) => n + (p.quantity ?? 0), 0)),
    ]),
  );
  return doc.save();
}
