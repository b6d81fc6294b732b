import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationItemSchema, classificationProblemSchema, originSchema } from '../../contract/classification.js';
import { ISO_COUNTRY_CODES } from '../../contract/code-lists/countries.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';

/** A classification item's origin is ISO 3166-1 alpha-2: an assigned code from the list movement orders check, not any two letters. */
describe('classification item origin', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: false });
  });
  afterAll(async () => sandbox.close());

  const ITEMS = '/v1/classifications/items';
  const send = (method: string, path: string, body: unknown) =>
    sandbox.call(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const originErrors = async (res: Response) => {
    expect(res.status).toBe(400);
    return classificationProblemSchema.parse(await res.json()).errors?.origin;
  };

  it('is checked against the same country list in the contract as everywhere else', () => {
    for (const code of ['JJ', 'ZY', 'XX', 'EU', 'de', 'DEU', '']) expect(originSchema.safeParse(code).success, code).toBe(false);
    for (const code of ['DE', 'CN', 'VN', 'GB', 'US']) expect(originSchema.safeParse(code).success, code).toBe(true);
    for (const code of ISO_COUNTRY_CODES) expect(originSchema.safeParse(code).success, code).toBe(true);
    expect(ISO_COUNTRY_CODES.size).toBe(249);
  });

  it('refuses JJ and ZY on creation (400 with an origin error) and takes an assigned code', async () => {
    for (const origin of ['JJ', 'ZY']) {
      const res = await send('POST', ITEMS, { externalReference: `ORIGIN-${origin}`, description: 'Cotton T-shirts', origin });
      expect(await originErrors(res)).toEqual([expect.stringContaining('ISO 3166-1 alpha-2')]);
    }
    const created = await send('POST', ITEMS, { externalReference: 'ORIGIN-DE', description: 'Cotton T-shirts', origin: 'DE' });
    expect(created.status).toBe(201);
    expect(classificationItemSchema.parse(await created.json()).origin).toBe('DE');
  });

  it('refuses an unassigned code on PATCH and keeps the stored origin', async () => {
    const created = classificationItemSchema.parse(
      await (await send('POST', ITEMS, { externalReference: 'ORIGIN-PATCH', description: 'Knives', origin: 'CN' })).json(),
    );
    const res = await send('PATCH', `${ITEMS}/${created.id}`, { origin: 'ZY' });
    expect(await originErrors(res)).toEqual([expect.stringContaining('ISO 3166-1 alpha-2')]);
    const after = classificationItemSchema.parse(await (await sandbox.call(`${ITEMS}/${created.id}`)).json());
    expect(after.origin).toBe('CN');
  });
});
