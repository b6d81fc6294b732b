import { DOMMatrix, ImageData, Path2D, createCanvas, loadImage, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { CLASSIFICATION_LIMITS } from '../../contract/classification.js';
import type { PreparedImage } from '../store/classification/classification-records.js';

/** Sandbox defaults for image checks (documented in README.md beside this file). */
export const IMAGE_RULES = {
  maxBytes: CLASSIFICATION_LIMITS.imageMaxBytes,
  /** Decoding refuses images with more pixels than this (decompression bombs). */
  maxPixels: 50_000_000,
  /** A PDF with more pages is refused. */
  maxPdfPages: 20,
  /** Longest side of a rendered PDF page, in pixels. */
  pdfRenderMaxSide: 1600,
  pdfRenderScale: 2,
  /** Characters of text kept per PDF page as evidence for the engine. */
  pdfTextMaxChars: 4000,
} as const;

export type AcceptedImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/bmp' | 'application/pdf';
const ACCEPTED: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'application/pdf'];
const isAccepted = (t: string): t is AcceptedImageType => ACCEPTED.includes(t);

/** Why an image was refused: 400 (undecodable, not accepted), 413 (too large). */
export class ImageRejected extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

const SHARP_FORMATS: Record<string, AcceptedImageType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** The real type of the bytes: PDF and BMP by signature, the rest as sharp (libvips) reads them. */
export async function sniffType(bytes: Buffer): Promise<AcceptedImageType> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'image/bmp';
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels }).metadata()).format;
  } catch {
    throw new ImageRejected(400, 'The content is not a decodable image or PDF.');
  }
  const type = format ? SHARP_FORMATS[format] : undefined;
  if (!type) throw new ImageRejected(400, `The content is a ${format ?? 'unknown'} image; accepted are JPEG, PNG, WebP, GIF, BMP and PDF.`);
  return type;
}

/**
 * Checks and decodes one upload and returns what to store: the image itself, or for a PDF one
 * PNG per page named "<file name> (page N)" with the page's text as evidence.
 * `declaredType` application/octet-stream means: sniff the real type.
 */
export async function prepareImage(bytes: Buffer, declaredType: string, fileName: string): Promise<PreparedImage[]> {
  if (bytes.length > IMAGE_RULES.maxBytes)
    throw new ImageRejected(413, `The image is ${bytes.length} bytes; the limit is ${IMAGE_RULES.maxBytes} bytes (10 MiB).`);
  if (bytes.length === 0) throw new ImageRejected(400, 'The image is empty.');
  const real = await sniffType(bytes);
  if (declaredType !== 'application/octet-stream') {
    if (!isAccepted(declaredType)) throw new ImageRejected(400, `Content type ${declaredType} is not accepted.`);
    if (declaredType !== real) throw new ImageRejected(400, `The content is ${real}, not ${declaredType}.`);
  }
  if (real === 'application/pdf') return renderPdf(bytes, fileName);
  if (real === 'image/bmp') await decodeBmp(bytes);
  else await decodeWithSharp(bytes);
  return [{ fileName, contentType: real, bytes }];
}

/** Decodes every pixel (a thumbnail forces a full decode); truncated or corrupt data fails. */
async function decodeWithSharp(bytes: Buffer): Promise<void> {
  try {
    await sharp(bytes, { limitInputPixels: IMAGE_RULES.maxPixels, failOn: 'truncated' }).resize(64, 64, { fit: 'inside' }).png().toBuffer();
  } catch (err) {
    throw new ImageRejected(400, `The image cannot be decoded: ${err instanceof Error ? err.message : String(err)}.`);
  }
}

/**
 * BMP (libvips in sharp does not read it): the header is checked against the data length, then
 * Skia (@napi-rs/canvas) decodes and draws it.
 */
async function decodeBmp(bytes: Buffer): Promise<void> {
  const bad = (why: string): ImageRejected => new ImageRejected(400, `The BMP image cannot be decoded: ${why}.`);
  if (bytes.length < 26) throw bad('the header is truncated');
  const dataOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize < 12 || 14 + headerSize > bytes.length) throw bad('the header is truncated');
  const core = headerSize === 12;
  const width = core ? bytes.readUInt16LE(18) : bytes.readInt32LE(18);
  const height = Math.abs(core ? bytes.readInt16LE(20) : bytes.readInt32LE(22));
  const bpp = core ? bytes.readUInt16LE(24) : bytes.readUInt16LE(28);
  const compression = core ? 0 : bytes.readUInt32LE(30);
  if (width <= 0 || height <= 0) throw bad('the size is zero');
  if (width * height > IMAGE_RULES.maxPixels) throw bad('it has too many pixels');
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw bad(`${bpp} bits per pixel is not a BMP depth`);
  if (compression === 0 || compression === 3) {
    const rowBytes = Math.ceil((width * bpp) / 32) * 4;
    if (dataOffset + rowBytes * height > bytes.length) throw bad('the pixel data is truncated');
  }
  try {
    const img = await loadImage(bytes);
    const canvas = createCanvas(Math.min(img.width, 64), Math.min(img.height, 64));
    canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
  } catch (err) {
    throw bad(err instanceof Error ? err.message : String(err));
  }
}

/** Fonts PDFs may name without embedding (Helvetica and the other standard 14), shipped with pdfjs-dist. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * pdfjs draws with the canvas globals it would otherwise polyfill itself: they are set before it
 * loads, and it gets a canvas factory for its scratch canvases, so every canvas object comes from
 * the one @napi-rs/canvas (pinned to the version pdfjs-dist asks for, so only one copy installs).
 */
let pdfjs: Promise<typeof Pdfjs> | undefined;
function loadPdfjs(): Promise<typeof Pdfjs> {
  if (!pdfjs) {
    Object.assign(globalThis, { DOMMatrix, ImageData, Path2D });
    pdfjs = import('pdfjs-dist/legacy/build/pdf.mjs');
  }
  return pdfjs;
}

interface CanvasAndContext {
  canvas: Canvas | null;
  context: SKRSContext2D | null;
}

class NapiCanvasFactory {
  create(width: number, height: number): CanvasAndContext {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = createCanvas(width, height);
    return { canvas, context: canvas.getContext('2d') };
  }
  reset(cc: CanvasAndContext, width: number, height: number): void {
    if (!cc.canvas) throw new Error('Canvas is not specified');
    cc.canvas.width = width;
    cc.canvas.height = height;
  }
  destroy(cc: CanvasAndContext): void {
    if (cc.canvas) {
      cc.canvas.width = 0;
      cc.canvas.height = 0;
    }
    cc.canvas = null;
    cc.context = null;
  }
}

/** What pdfjs needs of a canvas to render into it (checked at run time, since @napi-rs/canvas is not a DOM canvas). */
function isRenderCanvas(canvas: unknown): canvas is HTMLCanvasElement {
  return (
    typeof canvas === 'object' &&
    canvas !== null &&
    'getContext' in canvas &&
    typeof canvas.getContext === 'function' &&
    'width' in canvas &&
    'height' in canvas
  );
}

/** Renders each page of a PDF to PNG (pdfjs-dist legacy build on @napi-rs/canvas) and keeps its text. */
export async function renderPdf(bytes: Buffer, fileName: string): Promise<PreparedImage[]> {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    CanvasFactory: NapiCanvasFactory,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
    stopAtErrors: true,
  });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (err) {
    await task.destroy();
    throw new ImageRejected(400, `The PDF cannot be read: ${err instanceof Error ? err.message : String(err)}.`);
  }
  try {
    if (pdf.numPages > IMAGE_RULES.maxPdfPages)
      throw new ImageRejected(400, `The PDF has ${pdf.numPages} pages; at most ${IMAGE_RULES.maxPdfPages} are accepted.`);
    const out: PreparedImage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(IMAGE_RULES.pdfRenderScale, IMAGE_RULES.pdfRenderMaxSide / Math.max(base.width, base.height));
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (!isRenderCanvas(canvas)) throw new Error('@napi-rs/canvas did not give a canvas');
      await page.render({ canvas, viewport }).promise;
      // Re-encoded with sharp: smaller files, and proof the page image decodes.
      const png = await sharp(await canvas.encode('png'))
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
      const text = await page.getTextContent();
      const pageText = text.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, IMAGE_RULES.pdfTextMaxChars);
      out.push({ fileName: `${fileName} (page ${n})`, contentType: 'image/png', bytes: png, pageText });
      page.cleanup();
    }
    return out;
  } catch (err) {
    if (err instanceof ImageRejected) throw err;
    throw new ImageRejected(400, `The PDF cannot be rendered: ${err instanceof Error ? err.message : String(err)}.`);
  } finally {
    await pdf.destroy();
  }
}

/** File name from Content-Disposition (filename* per RFC 6266/8187 wins over filename); path parts and control characters dropped. */
export function fileNameFromContentDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let star: string | undefined;
  let plain: string | undefined;
  const re = /;\s*(filename\*?)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/gi;
  for (let m = re.exec(header); m; m = re.exec(header)) {
    const name = (m[1] ?? '').toLowerCase();
    let value = (m[2] ?? '').trim();
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    if (name === 'filename*') {
      const ext = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value);
      if (ext) {
        try {
          star = decodeURIComponent(ext[2] ?? '');
        } catch {
          // malformed percent-encoding: fall back to filename
        }
      }
    } else plain = value;
  }
  return cleanFileName(star ?? plain);
}

export function cleanFileName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const cleaned = [...name]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .split(/[\\/]/)
    .pop()
    ?.trim()
    .slice(0, CLASSIFICATION_LIMITS.fileNameMaxLength);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : undefined;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'application/pdf': 'pdf',
};
/** File name when none is given: "image.<ext>" after the real type. */
export const defaultFileName = (type: string): string => `image.${EXTENSIONS[type] ?? 'bin'}`;
