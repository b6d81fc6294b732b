import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa.js';

const INDEX = `<!doctype html><title>Customs Console</title>${'<div id="root"></div>'.repeat(20)}`;
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}];`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A build as `vite build` leaves it: brotli and gzip copies beside the text files, a tiny file without. */
function writeBuild(dir: string): void {
  mkdirSync(join(dir, 'assets'));
  const withVariants = (path: string, text: string) => {
    writeFileSync(path, text);
    writeFileSync(`${path}.br`, brotliCompressSync(text));
    writeFileSync(`${path}.gz`, gzipSync(text));
  };
  withVariants(join(dir, 'index.html'), INDEX);
  withVariants(join(dir, 'assets', 'app-1a2b3c.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'tiny-4d5e6f.js'), 'x');
}

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'spa-build-'));
  writeBuild(dir);
  app = Fastify();
  await registerSpa(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('static console: precompressed files by content negotiation', () => {
  it('sends the brotli copy when br is accepted, marked as varying by Accept-Encoding and cached for a year', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when gzip is accepted but br is not', async () => {
    for (const accepted of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/assets/app-1a2b3c.js', accepted);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file itself when neither is accepted, still varying by Accept-Encoding', async () => {
    for (const accepted of [undefined, 'identity', 'deflate']) {
      const res = await get('/assets/app-1a2b3c.js', accepted);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends the file itself when the build left no compressed copy', async () => {
    const res = await get('/assets/tiny-4d5e6f.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('x');
  });

  it('compresses index.html too, at its own address and for deep links, and never lets it be cached unrevalidated', async () => {
    const index = await get('/', 'br');
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(INDEX);
    const deep = await get('/declarations/D-1?tab=items', 'gzip');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-encoding']).toBe('gzip');
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(deep.rawPayload).toString()).toBe(INDEX);
    const plain = await get('/index.html');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
  });

  it('answers 404 for a missing asset whatever the encoding', async () => {
    expect((await get('/assets/missing-000000.js', 'br')).statusCode).toBe(404);
    expect((await get('/assets/missing-000000.js')).statusCode).toBe(404);
  });
});
