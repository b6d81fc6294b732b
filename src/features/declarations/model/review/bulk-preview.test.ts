import { describe, expect, it } from 'vitest';
import { approvalPolicySchema } from '../../../../contract/approval-policy';
import type { Declaration } from '../../../../contract/declarations';
import { declarationFixture } from '../../../../lib/test-support/declaration-fixture';
import { previewBulkSubmit } from './bulk-preview';

const declarationWorth = (declarationId: string, amount: number): Declaration =>
  declarationFixture({
    declarationId,
    lrn: declarationId,
    externalReference: declarationId,
    singleAdministrativeDocument: {
      invoiceCurrency: 'EUR',
      goodsShipment: {
        governmentAgencyGoodsItems: [{ governmentAgencyGoodsItemId: 'g', casReference: 'A1', sequenceNumber: 1, customsValue: { amount } }],
      },
    },
  });

describe('bulk Submit preview', () => {
  it('tells which rows go to customs, which wait for approval (with the rule) and which are skipped, before anything is sent', async () => {
    const policy = approvalPolicySchema.parse({
      rules: [
        {
          operation: 'POST /v1/declarations/{declarationId}/submit',
          description: 'High value',
          customsValueAtLeast: { amount: 100_000, currency: 'EUR' },
        },
      ],
    });
    const values: Record<string, number> = { low: 10, high: 250_000 };
    const reads: string[] = [];
    const preview = await previewBulkSubmit(
      {
        runnable: [{ declarationId: 'low' }, { declarationId: 'high' }, { declarationId: 'gone' }],
        skipped: [{ target: { declarationId: 'invalid' }, reason: 'Not in status Invalid' }],
      },
      policy,
      async (id) => {
        reads.push(id);
        const amount = values[id];
        if (amount === undefined) throw new Error('404');
        return declarationWorth(id, amount);
      },
    );
    expect(preview.submitted.map((t) => t.declarationId)).toEqual(['low', 'gone']);
    expect(preview.approval).toEqual([{ target: { declarationId: 'high' }, reason: 'High value' }]);
    expect(preview.skipped).toEqual([{ target: { declarationId: 'invalid' }, reason: 'Not in status Invalid' }]);
    // Without a Submit rule nothing is read.
    reads.length = 0;
    await previewBulkSubmit({ runnable: [{ declarationId: 'high' }], skipped: [] }, { rules: [] }, async () => declarationWorth('x', 1));
    expect(reads).toEqual([]);
  });
});
