import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_AVAILABILITY, EAD_CANCELLATION, type ActionRule } from '../../contract/action-availability.js';
import type { CustomsShipmentInput } from '../../contract/customs-shipment.js';
import { DECLARATION_ACTIONS, type DeclarationAction } from '../../contract/declaration-actions.js';
import { DECLARATION_STATUSES, statusInfo, type DeclarationStatus } from '../../contract/declaration-statuses.js';
import { nextLrn } from '../flows/identifiers.js';
import { declarationsOf, exciseShipment, json, postShipment, settleAll, storedEvents, validShipment } from '../flows/test-fixtures.js';
import type { JsonObject } from '../store/declarations/declaration-record.js';
import type { SandboxRepositories } from '../store/sandbox-store.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { EXCISE_MOVEMENT_FIELD } from './excise-movement.js';

/**
 * The sandbox enforces THE availability table (contract/action-availability.ts), which the
 * console reads too: every row × every status of the status table, over HTTP. A declaration that
 * meets the row's other conditions is put in the status; the action is accepted (202, then
 * <Action>Successful) exactly when the row lists the status, else refused (<Action>Unsuccessful;
 * Receipt Report: 400).
 */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ seed: false, timeScale: 1_000_000 });
});
afterAll(async () => sb.close());

const settle = (): Promise<void> => settleAll(sb, 60_000);

/** A declaration made by the flows (the template of the copies below). */
async function declare(body: CustomsShipmentInput): Promise<string> {
  await postShipment(sb, body);
  await settle();
  const [d] = await declarationsOf(sb, body.externalReference ?? '');
  if (!d) throw new Error(`no declaration for ${body.externalReference ?? ''}`);
  return d.declarationId;
}

/** A copy of the template in `status`, its document changed by `header` (no event: the state is set up, not reached). */
async function copyIn(templateId: string, status: DeclarationStatus, header: JsonObject): Promise<string> {
  const id = randomUUID();
  await sb.ctx.store.transaction(async (tx) => {
    const t = await tx.declarations.getById(templateId);
    if (!t) throw new Error(`template ${templateId} is gone`);
    const { lastUpdated: _l, errors: _e, submission: _s, ...rest } = t;
    const items = (await tx.declarations.items(templateId)).map((item) => ({ ...item, id: randomUUID() }));
    const lrn = await nextLrn(tx.declarationCounters, t.jurisdiction, new Date());
    await tx.declarations.insert([{ declaration: { ...rest, id, status, lrn, header: { ...t.header, ...header } }, items }]);
  });
  return id;
}

interface Row {
  name: string;
  action: DeclarationAction;
  rule: ActionRule;
  template: 'customs' | 'eadIn' | 'eadOut';
  header?: JsonObject;
  segment?: string;
  body?: unknown;
}

const afterShortage = {
  [EXCISE_MOVEMENT_FIELD]: { reportOfReceipt: { globalConclusionOfReceipt: '2', shortageOrExcess: true }, history: [] },
};
const ROWS: readonly Row[] = [
  { name: 'submit', action: 'submit', rule: ACTION_AVAILABILITY.submit, template: 'customs' },
  {
    name: 'goodsArrived (pre-lodged)',
    action: 'goodsArrived',
    rule: ACTION_AVAILABILITY.goodsArrived,
    template: 'customs',
    header: { addDeclType: 'D' },
  },
  { name: 'validate', action: 'validate', rule: ACTION_AVAILABILITY.validate, template: 'customs' },
  { name: 'generateSad', action: 'generateSad', rule: ACTION_AVAILABILITY.generateSad, template: 'customs' },
  {
    name: 'generateDocument/SAD',
    action: 'generateDocument',
    rule: ACTION_AVAILABILITY.generateDocument,
    template: 'customs',
    segment: 'generateDocument/SAD',
  },
  {
    name: 'invalidate (customs declaration)',
    action: 'invalidate',
    rule: ACTION_AVAILABILITY.invalidate,
    template: 'customs',
    body: { reason: 'Declared twice' },
  },
  { name: 'invalidate (e-AD, consignor)', action: 'invalidate', rule: EAD_CANCELLATION, template: 'eadOut', body: { reason: '1' } },
  {
    name: 'receiptReport',
    action: 'receiptReport',
    rule: ACTION_AVAILABILITY.receiptReport,
    template: 'eadIn',
    body: {
      exciseGoodsShipment: {
        destinationOfficeCode: 'GB000051',
        exciseMovement: { reportOfReceipt: { dateOfArrivalOfExciseProducts: '2026-05-04', globalConclusionOfReceipt: '1' } },
      },
      governmentAgencyGoodsItems: [{ casReference: 'A1', exciseGoodsItem: { bodyReportOfReceipt: { exciseProductCode: 'B000' } } }],
    },
  },
  {
    name: 'complementaryExplanation (after a shortage)',
    action: 'complementaryExplanation',
    rule: ACTION_AVAILABILITY.complementaryExplanation,
    template: 'eadIn',
    header: afterShortage,
    body: {
      exciseGoodsShipment: { analysis: { globalExplanation: 'Breakage in transit', globalExplanationLanguage: 'en' } },
      governmentAgencyGoodsItems: [
        { casReference: 'A1', exciseGoodsItem: { bodyAnalysis: { explanation: 'Broken', explanationLanguage: 'en' } } },
      ],
    },
  },
  {
    name: 'changeDestination',
    action: 'changeDestination',
    rule: ACTION_AVAILABILITY.changeDestination,
    template: 'eadOut',
    body: {
      invoice: { date: '2026-05-01', number: 'INV-77' },
      exciseGoodsShipment: {
        headerEadEsad: { destinationTypeCode: 1, journeyTime: 'D02' },
        transportMode: { transportModeCode: 3 },
        consigneeTrader: {
          name: 'Acme Trading BV',
          address: { city: 'Rotterdam', country: 'NL' },
          businessPartnerReferences: [{ type: 'Excise', code: 'NL00000000001' }],
        },
      },
    },
  },
  {
    name: 'rejectOrAlertEad',
    action: 'rejectOrAlertEad',
    rule: ACTION_AVAILABILITY.rejectOrAlertEad,
    template: 'eadIn',
    body: { eadEsadRejectedFlag: false, alertOrRejectionOfMovementReasonCode: '2' },
  },
  {
    name: 'delayForDelivery',
    action: 'delayForDelivery',
    rule: ACTION_AVAILABILITY.delayForDelivery,
    template: 'eadIn',
    body: { explanationCode: '3', messageRole: '1' },
  },
];

type Outcome = 'accepted' | 'refused';
const expected = (rule: ActionRule, status: DeclarationStatus): Outcome => (rule.statuses.includes(status) ? 'accepted' : 'refused');

describe('the availability table agrees with the sandbox', () => {
  const templates: Record<Row['template'], string> = { customs: '', eadIn: '', eadOut: '' };
  beforeAll(async () => {
    templates.customs = await declare(validShipment());
    templates.eadIn = await declare(exciseShipment('IN'));
    templates.eadOut = await declare(exciseShipment('OUT'));
  });

  it.each(ROWS)('$name: accepted in exactly the statuses of its row', async (row) => {
    const cases = await Promise.all(
      DECLARATION_STATUSES.map(async (status) => ({ status, id: await copyIn(templates[row.template], status, row.header ?? {}) })),
    );
    const answers = new Map<string, number>();
    for (const c of cases) {
      const path = `/v1/declarations/${c.id}/${row.segment ?? DECLARATION_ACTIONS[row.action].segment}`;
      const res = await sb.call(path, row.body === undefined ? { method: 'POST' } : json(row.body));
      answers.set(c.id, res.status);
      await res.body?.cancel();
    }
    await settle();
    const success = `${row.action.charAt(0).toUpperCase()}${row.action.slice(1)}Successful`;
    const finished = await storedEvents(sb, 'DeclarationActionFinished');
    const outcomes = Object.fromEntries(
      cases.map((c) => {
        const answer = answers.get(c.id);
        if (answer !== 202) return [c.status, answer === 400 && row.action === 'receiptReport' ? 'refused' : `HTTP ${String(answer)}`];
        const first = finished.find((e) => e.data.id === c.id && e.data.action === row.action);
        return [c.status, first ? (first.eventSubType === success ? 'accepted' : 'refused') : 'no outcome'];
      }),
    );
    expect(outcomes).toEqual(Object.fromEntries(DECLARATION_STATUSES.map((status) => [status, expected(row.rule, status)])));
  });

  // The flows keep no status lists of their own: called directly (as ingestion and the actions do), they refuse exactly where the table does.
  it.each([
    { action: 'submit', header: {} },
    { action: 'validate', header: {} },
    { action: 'goodsArrived', header: { addDeclType: 'D' } },
  ] as const)('the flows themselves $action in exactly the statuses of its row', async ({ action, header }) => {
    const { flows } = sb.ctx.declarations;
    const calls = {
      submit: (tx: SandboxRepositories, id: string) => flows.submit(tx, id),
      validate: (tx: SandboxRepositories, id: string) => flows.revalidate(tx, id),
      goodsArrived: (tx: SandboxRepositories, id: string) => flows.goodsArrived(tx, id),
    };
    const run = calls[action];
    const outcomes: Record<string, Outcome> = {};
    for (const status of DECLARATION_STATUSES) {
      const id = await copyIn(templates.customs, status, header);
      const result = await sb.ctx.store.transaction((tx) => run(tx, id));
      outcomes[status] = result.ok ? 'accepted' : 'refused';
    }
    expect(outcomes).toEqual(
      Object.fromEntries(DECLARATION_STATUSES.map((status) => [status, expected(ACTION_AVAILABILITY[action], status)])),
    );
  });

  it('every status the actions and flows moved a declaration to is in the status table', async () => {
    const reached = new Set((await storedEvents(sb, 'DeclarationStatusChanged')).map((e) => e.eventSubType));
    expect([...reached].filter((s) => !statusInfo(s))).toEqual([]);
    // The matrix above reached these through the flows and the actions (not only the copies' set-up).
    expect([...reached].sort()).toEqual(
      expect.arrayContaining([
        'Accepted',
        'Alerted',
        'Cancelled',
        'ChangingDestination',
        'Delivered',
        'Diverted',
        'InvalidationRequested',
        'Invalidated',
        'Submitted',
        'Validated',
      ]),
    );
  });
});
