import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, startI18n } from '../../../../lib/i18n/i18n';
import { editability } from './editability';
import { assignmentToEntry, auditToEntry, describeWrite, eventToEntry, mergeTimeline } from './timeline';

// The history as the English journeys read it.
const t = i18n.getFixedT('en', 'declaration');
beforeAll(async () => {
  await startI18n('en');
  await loadNamespaces('declaration');
});

describe('timeline', () => {
  it('describes writes in words', () => {
    expect(describeWrite('PATCH', '/v1/declarations/d1', 'd1', t)).toBe('Changed the header');
    expect(describeWrite('PATCH', '/v1/declarations/d1/items/x', 'd1', t)).toBe('Changed a goods item');
    expect(describeWrite('POST', '/v1/declarations/d1/submit', 'd1', t)).toBe('Submit');
    expect(describeWrite('POST', '/v1/declarations/d1/generateDocument/SAD', 'd1', t)).toBe('Generate document (SAD)');
  });
  it('merges audit and events newest first, once per key', () => {
    const audit = auditToEntry(
      {
        id: 1,
        time: '2026-01-01T10:00:00Z',
        sub: 's',
        name: 'Clara Clerk',
        role: 'clerk',
        method: 'PATCH',
        path: '/v1/declarations/d1',
        operation: 'x',
        upstreamStatus: 202,
        referenceId: null,
        requestId: 'r',
        outcome: 'answered',
        status: 202,
      },
      'd1',
      t,
    );
    const event = eventToEntry(
      {
        id: 'e1',
        tenantId: 't',
        eventTime: '2026-01-01T10:00:02Z',
        eventType: 'DeclarationStatusChanged',
        eventSubType: 'Validated',
        data: { id: 'd1' },
      },
      t,
    );
    const failed = eventToEntry(
      {
        id: 'e2',
        tenantId: 't',
        eventTime: '2026-01-01T10:00:01Z',
        eventType: 'DeclarationActionFinished',
        eventSubType: 'HeaderUpdateUnsuccessful',
        data: { id: 'd1', reason: 'No' },
      },
      t,
    );
    const merged = mergeTimeline([audit, event], [event, failed]);
    expect(merged.map((e) => e.title)).toEqual(['Status changed to Validated', 'Header Update Unsuccessful', 'Changed the header']);
    expect(merged[1]).toMatchObject({ failed: true, detail: 'No' });
    expect(merged[2]?.detail).toBe('Clara Clerk (clerk) · accepted');
  });
});

describe('changes of owner in the history', () => {
  it('say who was given the declaration, by whom, and who had it before', () => {
    const base = { id: 1, declarationId: 'd1', at: '2026-11-27T08:00:00.000Z', byName: 'Sam Supervisor' };
    expect(assignmentToEntry({ ...base, action: 'assigned', ownerName: 'Clara Clerk', previousOwnerName: null }, t)).toMatchObject({
      kind: 'action',
      title: 'Assigned to Clara Clerk',
      detail: 'by Sam Supervisor',
      time: base.at,
    });
    expect(assignmentToEntry({ ...base, action: 'reassigned', ownerName: 'Colin Clerk', previousOwnerName: 'Clara Clerk' }, t).title).toBe(
      'Reassigned from Clara Clerk to Colin Clerk',
    );
    expect(assignmentToEntry({ ...base, action: 'unassigned', ownerName: null, previousOwnerName: 'Colin Clerk' }, t).title).toBe(
      'Unassigned from Colin Clerk',
    );
  });
});

describe('editability', () => {
  it('says why a declaration cannot be edited', () => {
    expect(editability('Accepted', ['clerk'], 'PATCH /v1/declarations/{declarationId}')).toEqual({
      editable: false,
      cause: 'status',
      status: 'Accepted',
    });
    expect(editability('Invalid', ['analyst'], 'PATCH /v1/declarations/{declarationId}')).toEqual({ editable: false, cause: 'role' });
    expect(editability('Invalid', ['clerk'], 'PATCH /v1/declarations/{declarationId}').editable).toBe(true);
  });
});

describe('the history in the clerk’s language', () => {
  it('is written in Dutch, the service’s status names as it writes them', async () => {
    await loadNamespaces('declaration');
    await i18n.loadLanguages('nl');
    const nl = i18n.getFixedT('nl', 'declaration');
    expect(describeWrite('POST', '/v1/declarations/d1/items', 'd1', nl)).toBe('Goederenpost toegevoegd');
    const status = eventToEntry(
      {
        id: 'e1',
        tenantId: 't',
        eventTime: '2026-01-01T10:00:02Z',
        eventType: 'DeclarationStatusChanged',
        eventSubType: 'Released',
        data: { id: 'd1' },
      },
      nl,
    );
    expect(status.title).toBe('Status gewijzigd naar Released');
  });
});
