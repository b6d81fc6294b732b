import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestHistoryQuerySchema } from '../../contract/ingest-history.js';
import { problemSchema } from '../../contract/problem.js';
import { validShipment } from '../flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';

/** Specification, Errors: "Accept selects the response format, JSON by default", read with RFC 9110 weights. */
describe('the format of a 202, chosen by the Accept header', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ seed: false });
  });
  afterAll(() => sb.close());

  const post = (accept: string | undefined, externalReference = `ACCEPT-${Math.random().toString(36).slice(2, 10)}`) =>
    sb.call('/v1/customsshipments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accept === undefined ? {} : { accept }) },
      body: JSON.stringify(validShipment({ externalReference })),
    });

  const received = async (externalReference: string): Promise<number> => {
    const history = await sb.ctx.store.repos.ingestHistory.list(
      't-acc-001',
      ingestHistoryQuerySchema.parse({ channel: 'https', limit: 100 }),
    );
    return history.entries.filter((e) => e.businessReference === externalReference).length;
  };

  const format = async (accept: string | undefined): Promise<string> => {
    const res = await post(accept);
    const type = res.headers.get('content-type') ?? '';
    const text = await res.text();
    expect(res.status, text).toBe(202);
    if (type.startsWith('application/json')) z.object({ referenceId: z.string().uuid() }).parse(JSON.parse(text));
    else expect(text).toMatch(/<ReturnOnAcceptMessage><referenceId>[0-9a-f-]{36}<\/referenceId><\/ReturnOnAcceptMessage>/);
    return type.split(';')[0] ?? '';
  };

  it('weighs the types: q=0 rules one out, the higher weight wins whatever the order', async () => {
    expect(await format('application/xml;q=0, application/json')).toBe('application/json');
    expect(await format('application/json;q=0.1, application/xml')).toBe('application/xml');
    expect(await format('application/*;q=0.5, application/json;q=0')).toBe('application/xml');
    expect(await format('text/xml')).toBe('text/xml');
  });

  it('answers JSON without a preference: no Accept, */*, or JSON and XML equally weighted with JSON first', async () => {
    expect(await format(undefined)).toBe('application/json');
    expect(await format('*/*')).toBe('application/json');
    expect(await format('application/json, application/xml')).toBe('application/json');
  });

  it('answers 406 when neither JSON nor XML is acceptable, without taking the message', async () => {
    for (const accept of ['text/html', 'application/json;q=0, application/xml;q=0, text/xml;q=0', '*/*;q=0']) {
      const externalReference = `NOT-ACCEPTABLE-${Math.random().toString(36).slice(2, 10)}`;
      const res = await post(accept, externalReference);
      expect(res.status).toBe(406);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(problemSchema.parse(await res.json())).toMatchObject({ status: 406 });
      expect(await received(externalReference)).toBe(0);
      // The same message with an acceptable Accept is taken, and found where the refused one was not.
      expect((await post('application/json', externalReference)).status).toBe(202);
      expect(await received(externalReference)).toBe(1);
    }
  });
});
