import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../contract/approvals.js';
import { approvalNoticeMessage } from './approval-notices.js';
import { digestText } from './daily-digest.js';
import { healthIncidentMessage } from './health-incident-message.js';

/** The daily digest and the approval notices in the recipient's language, dates and times through Intl (the team's time zone, UTC). */
describe('digest and approval notice texts', () => {
  it('writes the digest in German, with the German day and 24-hour times', () => {
    const mail = digestText(
      '2026-11-27',
      [
        {
          title: 'Zollanmeldung LRN-1 ist Invalid',
          declarationId: 'd-1',
          createdAt: '2026-11-27T16:05:00.000Z',
          recipient: { kind: 'role', role: 'clerk' },
        },
        {
          title: 'Zollanmeldung LRN-2 ist Invalid',
          declarationId: null,
          createdAt: '2026-11-27T17:30:00.000Z',
          recipient: { kind: 'role', role: 'clerk' },
        },
      ],
      'https://console.example',
      'de',
    );
    expect(mail.subject).toBe('Customs Console: 2 Benachrichtigungen am 27. November 2026');
    expect(mail.text.split('\n')).toEqual([
      mail.subject,
      '',
      '- 16:05 UTC Zollanmeldung LRN-1 ist Invalid',
      '  https://console.example/declarations/d-1',
      '- 17:30 UTC Zollanmeldung LRN-2 ist Invalid',
      '',
      'Alle Benachrichtigungen: https://console.example/notifications',
    ]);
    expect(digestText('2026-11-27', [], 'https://console.example', 'en').subject).toBe('Customs Console: 0 alerts on November 27, 2026');
  });

  it('tells a Dutch requester of a rejection in Dutch; the action keeps the service’s name', () => {
    const request: ApprovalRequest = {
      id: 'ar-1',
      operation: 'POST /v1/declarations/{declarationId}/submit',
      declarationId: 'd-9',
      path: '/v1/declarations/d-9/submit',
      requester: { sub: 'clara', name: 'Clara', roles: ['clerk'] },
      createdAt: '2026-11-27T08:00:00.000Z',
      expiresAt: '2026-11-28T08:00:00.000Z',
      ageSeconds: 0,
      status: 'rejected',
      rule: { index: 0, description: null, approverRoles: ['supervisor'] },
      facts: [],
      decision: { by: { sub: 'sam', name: 'Sam' }, at: '2026-11-27T09:00:00.000Z', comment: 'Waarde klopt niet' },
      upstreamStatus: null,
      referenceId: null,
      outcomeDetail: null,
    };
    const message = approvalNoticeMessage(request, 'rejected', 'https://console.example', 'nl');
    expect(message.title).toBe('Uw verzoek ‘Submit’ voor aangifte d-9 is afgewezen door Sam');
    expect(message.text.split('\n')).toEqual([
      message.title,
      '',
      'Reden: Waarde klopt niet',
      'Gevraagd op 27 nov 2026, 08:00 UTC (goedkeuringsverzoek ar-1).',
      '',
      'Openen in de console: https://console.example/declarations/d-9',
    ]);
  });

  it('tells a French supervisor that the service is failing, in French; the error stays as the service gave it', () => {
    const message = healthIncidentMessage(
      {
        id: 1,
        kind: 'service-failing',
        openedAt: '2026-11-27T10:01:00.000Z',
        closedAt: null,
        since: '2026-11-27T10:00:00.000Z',
        lastEventAt: null,
        lastError: 'HTTP 503',
      },
      30,
      'https://console.example',
      'fr',
    );
    expect(message.title).toBe('Customs Console : le service douanier est en échec depuis plus d’une minute (HTTP 503)');
    expect(message.text).toContain(
      'Ses réponses sont des 5xx, des 401 ou aucune depuis le 27 nov. 2026, 10:00 UTC ; la dernière : HTTP 503.',
    );
    expect(message.text).toContain('L’état de la console : https://console.example/health');
  });
});
