import { CLASSIFICATION_LIMITS, type ImageInlineInput, type ImageUploadContentType } from '../../../../contract/classification';

/** What the upload accepts (API-9), by MIME type and, for browsers that give no type, by extension. */
const BY_EXTENSION: Record<string, ImageUploadContentType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
};
const ACCEPTED_TYPES = new Set<string>(Object.values(BY_EXTENSION));
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_TYPES, ...Object.keys(BY_EXTENSION).map((e) => `.${e}`)].join(',');

interface FileLike {
  name: string;
  type: string;
  size: number;
}

const extensionOf = (name: string): string => name.toLowerCase().split('.').pop() ?? '';

/** The Content-Type to send: the browser's type when accepted, else by extension, else octet-stream (the service sniffs). */
export function uploadContentType(file: Pick<FileLike, 'name' | 'type'>): ImageUploadContentType {
  const type = file.type.toLowerCase();
  if (type === 'image/jpg') return 'image/jpeg';
  const byType = Object.values(BY_EXTENSION).find((t) => t === type);
  return byType ?? BY_EXTENSION[extensionOf(file.name)] ?? 'application/octet-stream';
}

/** Why a file cannot be uploaded: not one of the accepted types, empty, or over the service's limit (its size in MB). */
export type FileProblem = { kind: 'notAccepted' | 'empty'; name: string } | { kind: 'tooLarge'; name: string; megabytes: number };

/** Why a file cannot be uploaded, or undefined when it can (checked before spending a round trip). */
export function fileProblem(file: FileLike): FileProblem | undefined {
  const typeOk =
    ACCEPTED_TYPES.has(file.type.toLowerCase()) ||
    file.type.toLowerCase() === 'image/jpg' ||
    (!file.type && extensionOf(file.name) in BY_EXTENSION);
  if (!typeOk) return { kind: 'notAccepted', name: file.name };
  if (file.size === 0) return { kind: 'empty', name: file.name };
  if (file.size > CLASSIFICATION_LIMITS.imageMaxBytes) return { kind: 'tooLarge', name: file.name, megabytes: file.size / 1024 / 1024 };
  return undefined;
}

export interface ImageEntry {
  imageId: string;
  fileName?: string | undefined;
}

export interface ImageGroup {
  /** The source file: a PDF's name for its pages, the image's own name otherwise. */
  name: string;
  images: { imageId: string; label: string; page: number | undefined }[];
}

const PAGE_SUFFIX = /^(.*) \(page (\d+)\)$/;

/** PDF pages ("x.pdf (page N)") grouped back under their file, in page order; other images alone (API-9). */
export function groupImages(images: readonly ImageEntry[]): ImageGroup[] {
  const groups = new Map<string, ImageGroup>();
  for (const image of images) {
    const name = image.fileName ?? image.imageId;
    const match = PAGE_SUFFIX.exec(name);
    const key = match?.[1] ? `pdf:${match[1]}` : `img:${image.imageId}`;
    const group = groups.get(key) ?? { name: match?.[1] ?? name, images: [] };
    group.images.push({ imageId: image.imageId, label: name, page: match?.[2] ? Number(match[2]) : undefined });
    groups.set(key, group);
  }
  for (const g of groups.values()) g.images.sort((a, b) => (a.page ?? 0) - (b.page ?? 0));
  return [...groups.values()];
}

/** Bytes as base64 (RFC 4648, no line breaks), in chunks so large images do not overflow the call stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A file as an inline image of the creation body, so the item and its images are created in one request. */
export async function toInlineImage(file: File): Promise<ImageInlineInput> {
  return {
    contentType: uploadContentType(file),
    contentBase64: bytesToBase64(new Uint8Array(await file.arrayBuffer())),
    fileName: file.name,
  };
}
