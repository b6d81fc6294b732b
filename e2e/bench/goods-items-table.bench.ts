import { chromium, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { buildBff } from '../../src/bff/app.js';
import { bffConfigFromEnv } from '../../src/bff/config.js';
import { buildSandbox } from '../../src/sandbox/app.js';
import { sandboxConfigFromEnv } from '../../src/sandbox/config.js';
import { findChromium } from '../support/find-browser.js';
import { largestDeclarationId } from '../support/service-api.js';
import { signInForReal } from '../support/sign-in.js';
import type { Bench, BenchResult } from './bench-types.js';

const PORT = 8484;
const SANDBOX_PORT = 4414;
const KEYPRESSES = 150;
const SCROLLS = 60;

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Milliseconds from each input event to the next frame after it (the event's own timestamp, so
 * input delay counts), collected in the page. Plain script text: tsx's helpers do not exist there.
 */
const PROBE = `
  window.__latencies = [];
  window.__probe = 'keydown';
  const probe = (e) => { if (e.type === window.__probe) requestAnimationFrame(() => setTimeout(() => window.__latencies.push(performance.now() - e.timeStamp), 0)); };
  document.addEventListener('keydown', probe, true);
  document.querySelector('[data-testid="goods-items-scroller"]').addEventListener('scroll', probe, { passive: true });
`;
const TAKE = '(() => { const out = window.__latencies; window.__latencies = []; return out; })()';

const installLatencyProbe = async (page: Page): Promise<void> => {
  await page.evaluate(PROBE);
};
const takeLatencies = async (page: Page): Promise<number[]> => z.array(z.number()).parse(await page.evaluate(TAKE));

/** The goal for a key press: next paint within 50 ms at p95. */
const KEY_GOAL_MS = 50;

function summary(name: string, values: number[], note: string, goalMs?: number): BenchResult[] {
  const sorted = [...values].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const goal = goalMs === undefined ? {} : { goal: `≤ ${goalMs} ms`, met: p95 <= goalMs };
  return [
    { name: `${name} p50`, value: percentile(sorted, 50), unit: 'ms', note },
    { name: `${name} p95`, value: p95, unit: 'ms', note: `${values.length} samples`, ...goal },
  ];
}

/** Input latency of the goods item table on the seeded 999-item declaration, in Chromium. */
export const bench: Bench = {
  title: 'goods item table (999 items)',
  async run(): Promise<BenchResult[]> {
    if (!existsSync('dist/console/index.html')) throw new Error('Build the console first: npx vite build');
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-goods-items-'));
    const env = {
      ...process.env,
      PORT: String(PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SANDBOX_RATE_LIMIT: '0',
      SANDBOX_ALLOW_LOOPBACK_WEBHOOKS: 'true',
    };
    const sandbox = await buildSandbox(sandboxConfigFromEnv(env));
    await sandbox.app.listen({ port: SANDBOX_PORT, host: '127.0.0.1' });
    const bff = await buildBff(bffConfigFromEnv(env));
    await bff.app.listen({ port: PORT, host: '127.0.0.1' });
    const executablePath = findChromium();
    const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const declarationId = await largestDeclarationId(`http://localhost:${SANDBOX_PORT}`);
      const page = await browser.newPage({ baseURL: `http://localhost:${PORT}`, viewport: { width: 1440, height: 900 } });
      await signInForReal(page, 'clerk', '/');
      const t0 = Date.now();
      await page.goto(`/declarations/${declarationId}`);
      const first = page.getByRole('button', { name: /^Goods item 1(,|:)/ });
      await first.waitFor();
      const openMs = Date.now() - t0;
      const renderedRows = await page.locator('[data-testid="goods-items-scroller"] tbody tr').count();

      await installLatencyProbe(page);
      await first.focus();
      for (let i = 0; i < KEYPRESSES; i++) await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(200);
      const arrows = await takeLatencies(page);
      const focusedRow = String(await page.evaluate("document.activeElement?.getAttribute('aria-label') ?? ''"));
      for (let i = 0; i < 40; i++) await page.keyboard.press(i % 2 ? 'PageUp' : 'PageDown');
      await page.keyboard.press('End');
      await page.keyboard.press('Home');
      await page.waitForTimeout(200);
      const jumps = await takeLatencies(page);
      await page.evaluate("window.__probe = 'scroll'");
      const scroller = page.getByTestId('goods-items-scroller');
      for (let i = 0; i < SCROLLS; i++) {
        await scroller.evaluate((el, top) => el.scrollTo({ top }), (i % 30) * 1300);
        await page.waitForTimeout(16);
      }
      await page.waitForTimeout(200);
      const scrolls = await takeLatencies(page);
      const focusKept = await page.evaluate("document.activeElement?.closest('[data-testid=goods-items-scroller]') ? 1 : 0");

      return [
        {
          name: 'open the declaration page (navigation to first row)',
          value: openMs,
          unit: 'ms',
          note: 'signed in, 999 items, built console',
        },
        { name: 'table rows in the DOM', value: renderedRows, unit: 'rows', note: 'virtualised: visible rows + overscan of 999' },
        ...summary(
          'ArrowDown to next frame',
          arrows,
          `${KEYPRESSES} presses, then focus on "${focusedRow.replace(/: open$/, '')}"`,
          KEY_GOAL_MS,
        ),
        ...summary('PageUp/PageDown/End/Home to next frame', jumps, 'row jumps of 10 and to the ends', KEY_GOAL_MS),
        ...summary('scroll to next frame', scrolls, `${SCROLLS} scroll jumps of up to 38,000 px`),
        {
          name: 'keyboard focus kept in the table after scrolling',
          value: Number(focusKept),
          unit: 'yes=1',
          note: 'the active row stays rendered',
        },
      ];
    } finally {
      await browser.close();
      await bff.app.close();
      await sandbox.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
