import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addImageResponseSchema,
  classificationItemSchema,
  classificationProblemSchema,
  classificationRunSchema,
} from '../../contract/classification.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';

let sandbox: RunningSandbox;
let open: RunningSandbox; // allowPrivateImageUrls on
let server: Server;
let serverUrl = '';
let serverHits = 0;
let png: Buffer;

const ITEMS = '/v1/classifications/items';
const PNG_BYTES = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

/** A 24-bit uncompressed BMP. */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + row * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return Buffer.concat([header, Buffer.alloc(row * height, 0x7f)]);
}

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 300]).drawText('Commercial invoice: ladies handbags of leather', { x: 20, y: 150, size: 14, font });
  doc.addPage([400, 300]).drawText('Packing list: handbags with shoulder strap', { x: 20, y: 150, size: 14, font });
  return Buffer.from(await doc.save());
}

beforeAll(async () => {
  png = await PNG_BYTES();
  server = createServer((req, res) => {
    serverHits++;
    if (req.url === '/photos/red%20bag.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/moved') return res.writeHead(302, { location: '/photos/red%20bag.png' }).end();
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(Buffer.alloc(10 * 1024 * 1024 + 1));
    }
    if (req.url === '/doc.pdf') {
      void twoPagePdf().then((pdf) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0}`;
  sandbox = await startSandbox({ seed: false });
  open = await startSandbox({ seed: false, allowPrivateImageUrls: true });
});
afterAll(async () => {
  await sandbox.close();
  await open.close();
  await new Promise((resolve) => server.close(resolve));
});

const newItem = async (sb: RunningSandbox = sandbox, description = 'Goods as on the attached documents') => {
  const res = await sb.call(ITEMS, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ externalReference: `IMG-${Math.random()}`, description }),
  });
  expect(res.status).toBe(201);
  return classificationItemSchema.parse(await res.json());
};
const upload = (itemId: string, body: Buffer, contentType: string, disposition?: string) =>
  sandbox.call(`${ITEMS}/${itemId}/images`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(disposition ? { 'content-disposition': disposition } : {}) },
    body: new Uint8Array(body),
  });
const problemOf = async (res: Response) => {
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return classificationProblemSchema.parse(await res.json());
};

describe('raw image upload', () => {
  it('stores a PNG under its file name and serves the same bytes back', async () => {
    const item = await newItem();
    const res = await upload(item.id, png, 'image/png', 'attachment; filename="front.png"');
    expect(res.status).toBe(201);
    const added = addImageResponseSchema.parse(await res.json());
    expect(added).toMatchObject({ itemId: item.id, fileName: 'front.png', contentType: 'image/png' });
    expect(added.imageId).toMatch(/\S/);
    const get = await sandbox.call(`${ITEMS}/${item.id}/images/${added.imageId}`);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await get.arrayBuffer()).equals(png)).toBe(true);
    const read = classificationItemSchema.parse(await (await sandbox.call(`${ITEMS}/${item.id}`)).json());
    expect(read.images.map((i) => i.imageId)).toEqual([added.imageId]);
  });

  it('accepts JPEG, WebP, GIF and BMP, and sniffs the real type of application/octet-stream', async () => {
    const item = await newItem();
    const base = sharp({ create: { width: 10, height: 10, channels: 3, background: '#2a6' } });
    const cases: [Buffer, string, string][] = [
      [await base.clone().jpeg().toBuffer(), 'image/jpeg', 'image/jpeg'],
      [await base.clone().webp().toBuffer(), 'image/webp', 'image/webp'],
      [await base.clone().gif().toBuffer(), 'image/gif', 'image/gif'],
      [bmp(5, 4), 'image/bmp', 'image/bmp'],
      [await base.clone().jpeg().toBuffer(), 'application/octet-stream', 'image/jpeg'],
      [bmp(3, 3), 'application/octet-stream', 'image/bmp'],
    ];
    for (const [bytes, sent, stored] of cases) {
      const res = await upload(item.id, bytes, sent);
      expect(res.status, sent).toBe(201);
      const added = addImageResponseSchema.parse(await res.json());
      expect(added.contentType).toBe(stored);
      expect(added.fileName).toMatch(/^image\.(jpg|webp|gif|bmp)$/);
      const get = await sandbox.call(`${ITEMS}/${item.id}/images/${added.imageId}`);
      expect(get.headers.get('content-type')).toBe(stored);
    }
  });

  it('takes the file name from filename* (RFC 8187) over filename', async () => {
    const item = await newItem();
    const res = await upload(item.id, png, 'image/png', `attachment; filename="fallback.png"; filename*=UTF-8''na%C3%AFve%20bag.png`);
    expect(addImageResponseSchema.parse(await res.json()).fileName).toBe('naïve bag.png');
    const traversal = await upload(item.id, png, 'image/png', 'attachment; filename="../../etc/passwd.png"');
    expect(addImageResponseSchema.parse(await traversal.json()).fileName).toBe('passwd.png');
  });

  it('answers 400 for undecodable or unaccepted content', async () => {
    const item = await newItem();
    const garbage = Buffer.from('this is not an image at all, just text bytes');
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const cases: [Buffer, string][] = [
      [garbage, 'application/octet-stream'],
      [garbage, 'image/png'],
      [png.subarray(0, png.length - 20), 'image/png'], // truncated
      [tiff, 'application/octet-stream'], // a real image of a type not accepted
      [png, 'image/tiff'], // an image type not in the list
      [jpeg, 'image/png'], // declared type does not match the content
      [bmp(4, 4).subarray(0, 70), 'image/bmp'], // truncated pixel data
      [Buffer.from('%PDF-1.7 broken'), 'application/pdf'],
      [Buffer.alloc(0), 'image/png'],
    ];
    for (const [bytes, type] of cases) {
      const res = await upload(item.id, bytes, type);
      expect(res.status, `${type} ${bytes.length}`).toBe(400);
      const p = await problemOf(res);
      expect(Object.keys(p.errors ?? {}).length).toBeGreaterThan(0);
    }
    const read = classificationItemSchema.parse(await (await sandbox.call(`${ITEMS}/${item.id}`)).json());
    expect(read.images).toEqual([]);
  });

  it('answers 415 for a Content-Type that is not an image upload type', async () => {
    const item = await newItem();
    const res = await sandbox.call(`${ITEMS}/${item.id}/images`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(res.status).toBe(415);
    await problemOf(res);
    const asJson = await sandbox.call(`${ITEMS}/${item.id}/images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(asJson.status).toBe(415);
  });

  it('answers 413 above 10 MiB and 404 for an unknown item', async () => {
    const item = await newItem();
    const res = await upload(item.id, Buffer.alloc(10 * 1024 * 1024 + 1, 0), 'image/png');
    expect(res.status).toBe(413);
    await problemOf(res);
    expect((await upload('8a0c1f57-3b0e-4a39-9b8e-000000000000', png, 'image/png')).status).toBe(404);
  });

  it('renders a PDF page by page into PNG images named "<file name> (page N)" and classifies with their text', async () => {
    const item = await newItem();
    const res = await upload(item.id, await twoPagePdf(), 'application/pdf', 'attachment; filename="invoice.pdf"');
    expect(res.status).toBe(201);
    const added = addImageResponseSchema.parse(await res.json());
    expect(added).toMatchObject({ itemId: item.id, fileName: 'invoice.pdf (page 1)', contentType: 'image/png' });
    expect(added.pages?.map((p) => p.fileName)).toEqual(['invoice.pdf (page 1)', 'invoice.pdf (page 2)']);
    const read = classificationItemSchema.parse(await (await sandbox.call(`${ITEMS}/${item.id}`)).json());
    expect(read.images.map((i) => i.fileName)).toEqual(['invoice.pdf (page 1)', 'invoice.pdf (page 2)']);
    for (const image of read.images) {
      const get = await sandbox.call(`${ITEMS}/${item.id}/images/${image.imageId}`);
      expect(get.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await get.arrayBuffer())).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeGreaterThan(400);
    }
    // The page text is evidence for the engine.
    const start = await sandbox.call(`${ITEMS}/${item.id}/classifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jurisdiction: 'EU' }),
    });
    const { classificationId } = classificationRunSchema.pick({ classificationId: true }).parse(await start.json());
    await sandbox.ctx.jobs.drain();
    const run = classificationRunSchema.parse(await (await sandbox.call(`${ITEMS}/${item.id}/classifications/${classificationId}`)).json());
    expect(run.status).toBe('Completed');
    expect(run.result?.notes).toContain('2 PDF pages');
    expect(run.result?.options[0]?.code.slice(0, 4)).toBe('4202');
    expect(run.result?.options[0]?.explanation).toContain('[PDF text]');
  });
});

describe('image deletion', () => {
  it('deletes an image (204) and answers 404 for it afterwards and for another item', async () => {
    const item = await newItem();
    const other = await newItem();
    const added = addImageResponseSchema.parse(await (await upload(item.id, png, 'image/png')).json());
    expect((await sandbox.call(`${ITEMS}/${other.id}/images/${added.imageId}`)).status).toBe(404);
    expect((await sandbox.call(`${ITEMS}/${other.id}/images/${added.imageId}`, { method: 'DELETE' })).status).toBe(404);
    const del = await sandbox.call(`${ITEMS}/${item.id}/images/${added.imageId}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await sandbox.call(`${ITEMS}/${item.id}/images/${added.imageId}`)).status).toBe(404);
    expect((await sandbox.call(`${ITEMS}/${item.id}/images/${added.imageId}`, { method: 'DELETE' })).status).toBe(404);
    expect(classificationItemSchema.parse(await (await sandbox.call(`${ITEMS}/${item.id}`)).json()).images).toEqual([]);
  });
});

describe('images by url', () => {
  const createWithUrls = (sb: RunningSandbox, urls: string[]) =>
    sb.call(ITEMS, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        externalReference: `URL-${Math.random()}`,
        description: 'Red leather bag',
        images: urls.map((url) => ({ url })),
      }),
    });

  it('refuses loopback, private, link-local and metadata targets, before connecting', async () => {
    const port = new URL(serverUrl).port;
    const hitsBefore = serverHits;
    const targets = [
      `${serverUrl}/photos/red%20bag.png`,
      `http://localhost:${port}/photos/red%20bag.png`,
      `http://[::1]:${port}/photos/red%20bag.png`,
      `http://[::ffff:127.0.0.1]:${port}/x.png`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/a.png',
      'http://192.168.0.10/a.png',
      'http://0.0.0.0/a.png',
    ];
    const res = await createWithUrls(sandbox, targets);
    expect(res.status).toBe(400);
    const p = await problemOf(res);
    expect(Object.keys(p.errors ?? {}).sort()).toEqual(targets.map((_, i) => `images.${i}`).sort());
    for (const messages of Object.values(p.errors ?? {})) expect(messages.join(' ')).toMatch(/refused|loopback, private/);
    expect(serverHits).toBe(hitsBefore);
  });

  it('fetches from a loopback server once when allowPrivateImageUrls is on (redirects, PDFs, errors)', async () => {
    const res = await createWithUrls(open, [`${serverUrl}/photos/red%20bag.png`, `${serverUrl}/moved`, `${serverUrl}/doc.pdf`]);
    expect(res.status).toBe(201);
    const item = classificationItemSchema.parse(await res.json());
    expect(item.images.map((i) => i.fileName)).toEqual(['red bag.png', 'moved', 'doc.pdf (page 1)', 'doc.pdf (page 2)']);
    expect(JSON.stringify(item)).not.toContain(serverUrl);
    const get = await open.call(`${ITEMS}/${item.id}/images/${item.images[0]?.imageId ?? ''}`);
    expect(Buffer.from(await get.arrayBuffer()).equals(png)).toBe(true);

    const missing = await createWithUrls(open, [`${serverUrl}/nothing.png`]);
    expect(missing.status).toBe(400);
    expect((await problemOf(missing)).errors?.['images.0']?.[0]).toContain('HTTP 404');
    const huge = await createWithUrls(open, [`${serverUrl}/huge`]);
    expect(huge.status).toBe(413);
  });
});
