import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classificationItemSchema,
  classificationProblemSchema,
  classificationRunSchema,
  classificationSearchResultSchema,
  RUN_NOTE_PREFIXES,
  startClassificationResponseSchema,
} from '../../contract/classification.js';
import { testDatabaseUrl } from '../../server-kit/database/test-databases.js';
import { openSandboxStore } from '../store/sandbox-store.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { runJob } from './runs.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: false });
});
afterAll(async () => sandbox.close());

const ITEMS = '/v1/classifications/items';
const post = (sb: RunningSandbox, path: string, body: unknown) =>
  sb.call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const createItem = async (body: Record<string, unknown>, sb: RunningSandbox = sandbox) => {
  const res = await post(sb, ITEMS, { externalReference: `RUN-${Math.random()}`, ...body });
  expect(res.status).toBe(201);
  return classificationItemSchema.parse(await res.json());
};
const start = (itemId: string, body: unknown, sb: RunningSandbox = sandbox) => post(sb, `${ITEMS}/${itemId}/classifications`, body);
const setCredits = (credits: number, sb: RunningSandbox = sandbox) =>
  sb.control(`/_sandbox/tenants/t-acc-001/credits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credits }),
  });
const credits = async (sb: RunningSandbox = sandbox) => (await sb.ctx.store.repos.tenants.get('t-acc-001'))?.credits;
const runCount = async (itemId: string, sb: RunningSandbox = sandbox) => (await sb.ctx.store.repos.classification.listRuns(itemId)).length;

/** Starts a run and waits for it to finish. */
async function classify(itemId: string, body: Record<string, unknown>, sb: RunningSandbox = sandbox) {
  const res = await start(itemId, body, sb);
  expect(res.status).toBe(202);
  const accepted = startClassificationResponseSchema.parse(await res.json());
  await sb.ctx.jobs.drain();
  const read = await sb.call(`${ITEMS}/${itemId}/classifications/${accepted.classificationId}`);
  expect(read.status).toBe(200);
  return classificationRunSchema.parse(await read.json());
}

describe('starting a run', () => {
  it('answers 202 Pending, takes one credit, and completes with ordered, formatted options', async () => {
    await setCredits(100);
    const item = await createItem({ description: "Women's handbag with outer surface of leather and a shoulder strap" });
    const res = await start(item.id, { jurisdiction: 'EU' });
    expect(res.status).toBe(202);
    const body = startClassificationResponseSchema.parse(await res.json());
    expect(Object.keys(body).sort()).toEqual(['classificationId', 'itemId', 'status']);
    expect(body).toMatchObject({ itemId: item.id, status: 'Pending' });
    expect(await credits()).toBe(99);
    await sandbox.ctx.jobs.drain();
    const run = classificationRunSchema.parse(
      await (await sandbox.call(`${ITEMS}/${item.id}/classifications/${body.classificationId}`)).json(),
    );
    expect(run).toMatchObject({ status: 'Completed', jurisdiction: 'EU', itemId: item.id });
    const options = run.result?.options ?? [];
    expect(options.length).toBeGreaterThan(1);
    expect(options[0]?.code).toBe('42022100');
    for (const o of options) {
      expect(o.code).toMatch(/^\d{8}$/);
      expect(o.score).toBeGreaterThanOrEqual(0);
      expect(o.score).toBeLessThanOrEqual(10);
      expect(o.explanation).toMatch(/Heading \d{4} .*Matched: .*leather/);
    }
    expect(options.map((o) => o.score)).toEqual([...options.map((o) => o.score)].sort((a, b) => b - a));
    expect(run.result?.rulingReferences[0]?.commodityCode).toBe('42022100');
    expect(run.result?.rulingReferences[0]?.url).toContain('ebti');
    expect(run).not.toHaveProperty('errorCode');
  });

  it('formats codes per jurisdiction: EU 8, UK 10, US 10, CH 8 digits', async () => {
    const item = await createItem({ description: 'Roasted coffee, not decaffeinated' });
    for (const [jurisdiction, length] of [
      ['EU', 8],
      ['UK', 10],
      ['US', 10],
      ['CH', 8],
    ] as const) {
      const run = await classify(item.id, { jurisdiction });
      expect(run.status).toBe('Completed');
      expect(run.result?.options.map((o) => o.code.slice(0, 6))).toContain('090121');
      for (const o of run.result?.options ?? []) expect(o.code, jurisdiction).toMatch(new RegExp(`^\\d{${length}}$`));
    }
  });

  it('says in the notes whether a requested code is supported, and with what score', async () => {
    const item = await createItem({ description: 'Ladies handbag of leather with a shoulder strap' });
    const good = await classify(item.id, { jurisdiction: 'EU', code: '4202.21.00' });
    expect(good.code).toBe('42022100');
    expect(good.result?.notes).toMatch(/requested code 4202 21 00 is supported by the description: score [\d.]+, rank 1/);
    const bad = await classify(item.id, { jurisdiction: 'UK', code: '0101210000' });
    expect(bad.result?.notes).toMatch(/requested code 0101 21 00 00 is not supported by the description: it scores [\d.]+ against/);
    const unknown = await classify(item.id, { jurisdiction: 'EU', code: '99999999' });
    expect(unknown.result?.notes).toContain('is not in the nomenclature');
  });

  it('gives vague descriptions low scores and asks for detail', async () => {
    const item = await createItem({ description: 'Accessories' });
    const run = await classify(item.id, { jurisdiction: 'EU' });
    expect(run.status).toBe('Completed');
    expect(run.result?.notes).toMatch(/too vague/);
    for (const o of run.result?.options ?? []) expect(o.score).toBeLessThanOrEqual(3);
  });

  it.each(['top', 'parts', 'goods', 'set'])(
    'says a one-word description "%s" is too thin, on its own line, instead of confident codes',
    async (description) => {
      const item = await createItem({ description });
      const run = await classify(item.id, { jurisdiction: 'EU' });
      expect(run.status).toBe('Completed');
      const thinLine = run.result?.notes.split('\n').find((line) => line.startsWith(RUN_NOTE_PREFIXES.thin));
      expect(thinLine).toMatch(/made of.*used for.*who they are for/);
      for (const o of run.result?.options ?? []) expect(o.score).toBeLessThanOrEqual(3);
    },
  );

  it('ends in Error (classification_failed) when there is nothing to classify', async () => {
    const item = await createItem({ description: 'temporary' });
    await sandbox.call(`${ITEMS}/${item.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ description: null }),
    });
    const run = await classify(item.id, { jurisdiction: 'EU' });
    expect(run).toMatchObject({ status: 'Error', errorCode: 'classification_failed' });
    expect(run.message).toContain('no description');
    expect(run).not.toHaveProperty('result');
  });

  it('sets hasBetterSuggestion when a proposed code beats the assigned one, and search filters on it', async () => {
    const better = await createItem({
      description: 'Ladies handbag of leather',
      assignedClassifications: [{ jurisdiction: 'EU', code: '42029180' }],
    });
    const fine = await createItem({
      description: 'Ladies handbag of leather',
      assignedClassifications: [{ jurisdiction: 'EU', code: '42022100' }],
    });
    const run = await classify(better.id, { jurisdiction: 'EU' });
    expect(run.result?.notes).toContain('A better code than the assigned 4202 91 80');
    await classify(fine.id, { jurisdiction: 'EU' });
    const read = async (id: string) => classificationItemSchema.parse(await (await sandbox.call(`${ITEMS}/${id}`)).json());
    expect((await read(better.id)).hasBetterSuggestion).toBe(true);
    expect((await read(fine.id)).hasBetterSuggestion).toBe(false);
    const ids = async (flag: string) =>
      classificationSearchResultSchema
        .parse(await (await sandbox.call(`${ITEMS}/search?hasBetterSuggestion=${flag}&limit=200`)).json())
        .data.map((d) => d.id);
    expect(await ids('true')).toContain(better.id);
    expect(await ids('true')).not.toContain(fine.id);
    expect(await ids('false')).toContain(fine.id);
    // A run for another jurisdiction without an assigned code leaves the flag alone.
    await classify(better.id, { jurisdiction: 'UK' });
    expect((await read(better.id)).hasBetterSuggestion).toBe(true);
  });

  it('uses image file names as evidence', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const item = await createItem({
      description: 'Gift for a customer',
      images: [{ contentType: 'image/png', contentBase64: png, fileName: 'leather-handbag.png' }],
    });
    const run = await classify(item.id, { jurisdiction: 'EU' });
    expect(run.result?.notes).toContain('1 image file name');
    expect(run.result?.options[0]?.code.slice(0, 4)).toBe('4202');
    expect(run.result?.options[0]?.explanation).toContain('[image file name]');
  });
});

describe('refusals', () => {
  it('answers 400 (RFC 9457) for a bad jurisdiction or code, 404 for unknown items and runs', async () => {
    const item = await createItem({ description: 'Cotton shirts' });
    for (const [body, field] of [
      [{ jurisdiction: 'XX' }, 'jurisdiction'],
      [{}, 'jurisdiction'],
      [{ jurisdiction: 'CH', code: '1234567890' }, 'code'],
      [{ jurisdiction: 'EU', extra: 1 }, 'extra'],
    ] as const) {
      const res = await start(item.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(classificationProblemSchema.parse(await res.json()).errors).toHaveProperty(field);
    }
    expect((await start('8a0c1f57-3b0e-4a39-9b8e-000000000000', { jurisdiction: 'EU' })).status).toBe(404);
    expect((await sandbox.call(`${ITEMS}/${item.id}/classifications/8a0c1f57-3b0e-4a39-9b8e-000000000000`)).status).toBe(404);
    expect((await sandbox.call(`${ITEMS}/${item.id}/classifications/nope`)).status).toBe(404);
  });

  it('answers 400 for a jurisdiction not enabled for the tenant, without taking a credit', async () => {
    // The tenant has EU and UK only: stored before the sandbox starts, which then keeps the tenants it finds.
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-'));
    const databaseUrl = await testDatabaseUrl();
    const opened = await openSandboxStore({ databaseUrl, dataDir });
    await opened.store.repos.tenants.seed([
      { tenantId: 't-acc-001', name: 'Acme (EU and UK)', classificationJurisdictions: ['EU', 'UK'], credits: 100 },
    ]);
    await opened.store.close();
    const restricted = await startSandbox({ seed: false, dataDir, databaseUrl });
    try {
      const item = await createItem({ description: 'Cotton shirts' }, restricted);
      const res = await start(item.id, { jurisdiction: 'US' }, restricted);
      expect(res.status).toBe(400);
      expect(classificationProblemSchema.parse(await res.json()).errors?.jurisdiction?.[0]).toContain('not enabled');
      expect(await credits(restricted)).toBe(100);
      expect((await start(item.id, { jurisdiction: 'UK' }, restricted)).status).toBe(202);
      await restricted.ctx.jobs.drain();
    } finally {
      await restricted.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 402 and starts no run when credits are depleted', async () => {
    const item = await createItem({ description: 'Cotton shirts' });
    await setCredits(0);
    const res = await start(item.id, { jurisdiction: 'EU' });
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await runCount(item.id)).toBe(0);
    expect(await credits()).toBe(0);
    await setCredits(100);
  });

  it('spends exactly the credits left under 20 concurrent starts: 5 runs, 15 refusals, never below zero', async () => {
    const item = await createItem({ description: 'Wooden toy building blocks' });
    await setCredits(5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(item.id, { jurisdiction: 'EU' })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(await credits()).toBe(0);
    expect(await runCount(item.id)).toBe(5);
    await sandbox.ctx.jobs.drain();
    await setCredits(100);
  });
});

describe('restart', () => {
  it('resumes a run that was processing when the sandbox stopped', async () => {
    const first = await startSandbox({ seed: false });
    const dataDir = first.dataDir;
    try {
      const item = await createItem({ description: 'Stainless steel kitchen sinks' }, first);
      await first.ctx.jobs.stop(); // nothing is picked up from here on
      const res = await start(item.id, { jurisdiction: 'EU' }, first);
      expect(res.status).toBe(202);
      const { classificationId } = startClassificationResponseSchema.parse(await res.json());
      // The process "dies" mid-run: the job is claimed and the run is Processing.
      const claimedAt = Date.now();
      expect(await first.ctx.store.repos.jobs.claimDue(runJob.kind, claimedAt, 10)).toHaveLength(1);
      await first.ctx.store.repos.classification.markProcessing(classificationId, claimedAt);
      const mid = classificationRunSchema.parse(await (await first.call(`${ITEMS}/${item.id}/classifications/${classificationId}`)).json());
      expect(mid.status).toBe('Processing');
      await first.stop();

      // A single process restarting: on PostgreSQL, take its abandoned claim back at once.
      const second = await startSandbox({ seed: false, dataDir, jobReclaimAfterMs: 0 });
      try {
        await second.ctx.jobs.drain();
        const run = classificationRunSchema.parse(
          await (await second.call(`${ITEMS}/${item.id}/classifications/${classificationId}`)).json(),
        );
        expect(run.status).toBe('Completed');
        expect(run.result?.options[0]?.code.slice(0, 4)).toBe('7324');
        expect(await credits(second)).toBe(99); // the credit was taken once
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('seed', () => {
  it('seeds about 40 items with images, assigned codes and completed runs, several with a better suggestion', async () => {
    const seeded = await startSandbox();
    try {
      await seeded.ctx.jobs.drain(60_000);
      const page = classificationSearchResultSchema.parse(await (await seeded.call(`${ITEMS}/search?limit=200`)).json());
      expect(page.data.length).toBeGreaterThanOrEqual(38);
      const better = classificationSearchResultSchema.parse(
        await (await seeded.call(`${ITEMS}/search?hasBetterSuggestion=true&limit=200`)).json(),
      );
      expect(better.data.length).toBeGreaterThanOrEqual(3);
      const repo = seeded.ctx.store.repos.classification;
      const runs = (await Promise.all(page.data.map((i) => repo.listRuns(i.id)))).flat();
      expect(runs.length).toBeGreaterThan(0);
      expect(new Set(runs.map((r) => r.status))).toEqual(new Set(['Completed']));
      const images = await Promise.all(page.data.map((i) => repo.listImages(i.id)));
      expect(images.filter((list) => list.length > 0).length).toBeGreaterThanOrEqual(5);
      expect(await credits(seeded)).toBe(100);
    } finally {
      await seeded.close();
    }
  });
});
