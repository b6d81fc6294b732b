import { chromium, type Browser, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { findChromium } from '../support/find-browser.js';
import { submitIssuerForm } from '../support/sign-in.js';
import type { Bench, BenchResult } from './bench-types.js';
import { startBenchStack } from './bench-stack.js';
import { chunkClosure, readBuildManifest, routeChunks } from './build-manifest.js';

const PORT = 8585;
const SANDBOX_PORT = 4515;
const OUT_DIR = 'dist/console';
const FIRST_SCREEN = '/declarations?limit=100';
const BUDGET_KB = 250;

interface Transfer {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
}

const kb = (bytes: number) => bytes / 1024;

async function quietFor(lastEventAt: () => number, ms: number): Promise<void> {
  while (Date.now() - lastEventAt() < ms) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Brotli size of a built file: what a browser that accepts br downloads (the build precompresses the same way). */
const brotliBytes = (file: string): number => {
  const path = join(OUT_DIR, file);
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  return brotliCompressSync(readFileSync(path)).length;
};

const isCode = (t: Pick<Transfer, 'type'>) => t.type === 'Script' || t.type === 'Stylesheet';
const codeOf = (ts: Transfer[]) => ts.filter(isCode);
const sum = (ts: Transfer[]) => ts.reduce((n, t) => n + t.bytes, 0);

interface Recorder {
  transfers: Transfer[];
  lastCodeAt: number;
  reset(): void;
}

/** Every response the page receives from now on, in Chromium with its cache disabled (bytes as DevTools counts them, headers included). */
async function recordTransfers(page: Page): Promise<Recorder> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, Omit<Transfer, 'bytes'>>();
  const recorder: Recorder = {
    transfers: [],
    lastCodeAt: Date.now(),
    reset() {
      this.transfers = [];
      this.lastCodeAt = Date.now();
    },
  };
  cdp.on('Network.responseReceived', (e) =>
    seen.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoding: String(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity'),
    }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const r = seen.get(e.requestId);
    if (!r) return;
    recorder.transfers.push({ ...r, bytes: e.encodedDataLength });
    if (isCode(r)) recorder.lastCodeAt = Date.now();
  });
  return recorder;
}

/**
 * What arrived until 100 rows show. Not 'networkidle': the live-updates stream stays open. Code
 * that follows the first paint (lazy chunks started by it) still counts: wait until none has
 * arrived for a second.
 */
async function codeOfFirstScreen(page: Page, recorder: Recorder): Promise<Transfer[]> {
  await page.getByTestId('declaration-row').nth(99).waitFor();
  await quietFor(() => recorder.lastCodeAt, 1000);
  return recorder.transfers;
}

/** The console's sign-in button in each language the browser may prefer. */
const SIGN_IN = /^(Sign in|Aanmelden|Se connecter|Anmelden)$/;
/** Browsers preferring the other languages: each loads its own catalogs on the first screen. */
const OTHER_LOCALES = ['nl-NL', 'fr-BE', 'de-DE'] as const;

/** The code of the first screen of a signed-in tab in a browser preferring `locale`. */
async function firstScreenIn(browser: Browser, baseURL: string, locale: string): Promise<Transfer[]> {
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 1600, height: 1000 } });
  try {
    const page = await context.newPage();
    const recorder = await recordTransfers(page);
    await page.goto(FIRST_SCREEN);
    await page.getByRole('button', { name: SIGN_IN }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await submitIssuerForm(page, 'clerk', 'clerk');
    await codeOfFirstScreen(page, recorder);
    recorder.reset();
    await page.goto(FIRST_SCREEN);
    return codeOf(await codeOfFirstScreen(page, recorder));
  } finally {
    await context.close();
  }
}

/**
 * The first screen after sign-in, in Chromium with its cache disabled: every JS and CSS byte on
 * the wire (headers included, as DevTools counts them) until 100 rows show, in a signed-in tab
 * (the goal) and on the way back from the issuer, where MSAL's chunks complete the sign-in; then
 * each route's own chunk from the build manifest with what opening that route adds to the first
 * screen.
 */
export const bench: Bench = {
  title: 'first screen and route chunks',
  async run(): Promise<BenchResult[]> {
    if (!existsSync(join(OUT_DIR, 'index.html'))) throw new Error('build the console first: npx vite build');
    const stack = await startBenchStack(PORT, SANDBOX_PORT);
    const executablePath = findChromium();
    const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage({ baseURL: stack.url, viewport: { width: 1600, height: 1000 } });
      const recorder = await recordTransfers(page);
      // The load that completes the sign-in: back from the issuer, MSAL handles the response.
      await page.goto(FIRST_SCREEN);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/oidc\/interaction\//);
      recorder.reset();
      await submitIssuerForm(page, 'clerk', 'clerk');
      const onReturn = await codeOfFirstScreen(page, recorder);
      // The first screen of a signed-in tab (a reload, a link opened in it).
      recorder.reset();
      await page.goto(FIRST_SCREEN);
      const transfers = await codeOfFirstScreen(page, recorder);

      const code = codeOf(transfers);
      const js = sum(code.filter((t) => t.type === 'Script'));
      const css = sum(code.filter((t) => t.type === 'Stylesheet'));
      const encodings = [...new Set(code.map((t) => t.encoding))].join(', ');
      const largest = [...code]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 3)
        .map((t) => `${new URL(t.url).pathname.replace('/assets/', '')} ${kb(t.bytes).toFixed(0)}`)
        .join(', ');
      const results: BenchResult[] = [
        {
          name: 'first screen after sign-in: JS + CSS on the wire',
          value: kb(js + css),
          unit: 'KB',
          goal: `≤ ${BUDGET_KB} KB`,
          met: kb(js + css) <= BUDGET_KB,
          note: `${code.length} files (${encodings}), cache disabled, ${FIRST_SCREEN}`,
        },
        { name: 'first screen: JS on the wire', value: kb(js), unit: 'KB', note: `largest: ${largest} KB` },
        { name: 'first screen: CSS on the wire', value: kb(css), unit: 'KB' },
      ];
      results.push({
        name: 'first screen: everything on the wire',
        value: kb(sum(transfers)),
        unit: 'KB',
        note: `${transfers.length} responses finished, incl. document, config, API`,
      });

      // The same first screen in a browser preferring each other language: the same code plus the catalogs its pages use.
      const manifest = readBuildManifest(OUT_DIR);
      for (const locale of OTHER_LOCALES) {
        const language = locale.slice(0, 2);
        const catalogFiles = new Set(
          Object.entries(manifest).flatMap(([source, chunk]) =>
            // A namespace's own file, or the one file of the first screen's namespaces (vite.config.ts).
            source.includes(`/locales/${language}/`) || chunk.name === `catalogs-${language}` ? [chunk.file] : [],
          ),
        );
        const inLanguage = await firstScreenIn(browser, stack.url, locale);
        const catalogs = inLanguage.filter((t) => catalogFiles.has(new URL(t.url).pathname.slice(1)));
        results.push({
          name: `first screen after sign-in in ${locale}: JS + CSS on the wire`,
          value: kb(sum(inLanguage)),
          unit: 'KB',
          goal: `≤ ${BUDGET_KB} KB`,
          met: kb(sum(inLanguage)) <= BUDGET_KB,
          note: `${inLanguage.length} files, ${catalogs.length} of them the language's catalogs (${kb(sum(catalogs)).toFixed(1)} KB)`,
        });
      }

      const pathOf = (t: Transfer) => new URL(t.url).pathname.slice(1);
      const firstScreenFiles = new Set(code.map(pathOf));
      const returnExtra = [...new Set(codeOf(onReturn).map(pathOf))]
        .filter((f) => !firstScreenFiles.has(f))
        .map((f) => f.replace('assets/', ''));
      results.push({
        name: 'first screen on return from sign-in: JS + CSS on the wire',
        value: kb(sum(codeOf(onReturn))),
        unit: 'KB',
        note: `${codeOf(onReturn).length} files; besides the above: ${returnExtra.join(', ')} (redirect bridge, MSAL)`,
      });

      // Each route's own chunk, and what opening it (its chunk and the shared chunks it imports) adds to the first screen.
      for (const { route, parts } of routeChunks(manifest)) {
        if (parts.length === 0) {
          results.push({
            name: `route ${route}`,
            value: 0,
            unit: 'KB br',
            note: 'no chunk of its own: part of the entry (first screen, or a route file with nothing to split)',
          });
          continue;
        }
        for (const { key, split } of parts) {
          const own = manifest[key]?.file ?? '';
          const extra = [...chunkClosure(manifest, key)].filter((f) => !firstScreenFiles.has(f));
          const extraKb = kb(extra.reduce((n, f) => n + brotliBytes(f), 0));
          results.push({
            name: `route ${route} (${split})`,
            value: kb(brotliBytes(own)),
            unit: 'KB br',
            note: `${own.replace('assets/', '')}; opening it adds ${extraKb.toFixed(1)} KB br in ${extra.length} files to the first screen`,
          });
        }
      }
      return results;
    } finally {
      await browser.close();
      await stack.stop();
    }
  },
};
