import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problemSchema } from '../../contract/problem.js';
import { declarationsOf, postShipment, settleAll, storedEvents, validShipment } from '../flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';

/** The fault controls the journeys use to stand for a failing gateway in front of the service. */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, timeScale: 1_000_000 });
});
afterAll(async () => sb.close());

const remaining = async (): Promise<number[]> => {
  const body = z.object({ faults: z.array(z.object({ count: z.number() })) }).parse(await (await sb.control('/_sandbox/faults')).json());
  return body.faults.map((f) => f.count);
};

describe('fault controls', () => {
  it('afterHandled: the call is handled (the service acts), then the answer is replaced by the fault', async () => {
    // A declaration that stops at Validated (an NL import), as in the actions tests.
    await postShipment(
      sb,
      validShipment({
        externalReference: 'FAULT-AFTER',
        storageLocationReference: 'NL-RTM-01',
        singleAdministrativeDocument: {
          ...validShipment().singleAdministrativeDocument,
          declarationOfficeCode: 'NL000510',
          invoiceCurrency: 'EUR',
          goodsShipment: {
            consignee: { businessPartnerReference: [{ code: 'NL812345678', type: 'Eori' }] },
            governmentAgencyGoodsItems: [
              {
                commodity: { description: 'Smartphones', classification: { id: '85171300' } },
                goodsMeasure: { gmass: 2, nmass: 1 },
                customsValue: { amount: 10, currency: 'EUR' },
              },
            ],
          },
        },
      }),
    );
    await settleAll(sb);
    const [d] = await declarationsOf(sb, 'FAULT-AFTER');
    if (!d) throw new Error('no declaration');
    expect(d.currentStatus).toBe('Validated');
    const put = await sb.control('/_sandbox/faults', {
      method: 'PUT',
      json: { status: 503, retryAfterSeconds: 2, method: 'POST', pathPrefix: '/v1/declarations/', afterHandled: true, count: 5 },
    });
    expect(put.status).toBe(204);
    // A GET of the same prefix is not the fault's method: untouched and not counted.
    expect((await sb.call(`/v1/declarations/${d.declarationId}`)).status).toBe(200);

    const res = await sb.call(`/v1/declarations/${d.declarationId}/submit`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(problemSchema.parse(await res.json())).toMatchObject({ status: 503 });
    await settleAll(sb);
    const submits = (await storedEvents(sb, 'DeclarationActionFinished')).filter(
      (e) => e.data.id === d.declarationId && e.data.action === 'submit',
    );
    expect(submits.map((e) => e.eventSubType)).toEqual(['SubmitSuccessful']);
    expect(await remaining()).toEqual([4]);
  });

  it('a fault without status counts the calls of one exact path', async () => {
    await sb.control('/_sandbox/faults', { method: 'DELETE' });
    await sb.control('/_sandbox/faults', {
      method: 'PUT',
      json: { method: 'GET', pathPrefix: '/v1/declarations/X', exactPath: true, count: 100 },
    });
    expect((await sb.call('/v1/declarations/X')).status).toBe(404);
    expect((await sb.call('/v1/declarations/X?x=1')).status).toBe(404);
    await sb.call('/v1/declarations/X/documents');
    await sb.call('/v1/declarations/XY');
    expect(await remaining()).toEqual([98]);
  });
});
