import { describe, expect, it } from 'vitest';
import type { AlertRule } from '../../contract/alerts.js';
import { needsDeclaration, ruleMatches, type EventFacts } from './alert-matcher.js';

const rule = (overrides: Partial<AlertRule> = {}): AlertRule => ({
  id: 1,
  name: 'r',
  scope: 'team',
  eventType: 'DeclarationStatusChanged',
  eventSubTypes: ['Invalid', 'CustomsError'],
  customsFlow: null,
  jurisdiction: null,
  office: null,
  direction: null,
  recipient: { kind: 'role', role: 'supervisor' },
  mineOnly: false,
  digest: false,
  channels: ['console'],
  webhookUrl: null,
  enabled: true,
  createdBy: 'x',
  createdAt: '2026-11-27T00:00:00.000Z',
  ...overrides,
});

const invalid: EventFacts = {
  eventType: 'DeclarationStatusChanged',
  eventSubType: 'Invalid',
  customsFlow: 'IMPORT',
  jurisdiction: 'NL',
  office: 'NL000396',
  direction: 'IN',
};

describe('alert rule matching', () => {
  it('matches the type and one of the listed subtypes; no subtypes listed means any', () => {
    expect(ruleMatches(rule(), invalid)).toBe(true);
    expect(ruleMatches(rule(), { ...invalid, eventSubType: 'Released' })).toBe(false);
    expect(ruleMatches(rule(), { ...invalid, eventSubType: null })).toBe(false);
    expect(ruleMatches(rule({ eventSubTypes: [] }), { ...invalid, eventSubType: 'Released' })).toBe(true);
    expect(ruleMatches(rule(), { ...invalid, eventType: 'DeclarationActionFinished' })).toBe(false);
    expect(ruleMatches(rule({ enabled: false }), invalid)).toBe(false);
  });

  it('narrows by flow, jurisdiction, office and direction (case-insensitive); an unknown value does not match a narrowed rule', () => {
    expect(ruleMatches(rule({ customsFlow: 'import', jurisdiction: 'nl', office: 'NL000396', direction: 'IN' }), invalid)).toBe(true);
    expect(ruleMatches(rule({ jurisdiction: 'DE' }), invalid)).toBe(false);
    expect(ruleMatches(rule({ direction: 'OUT' }), invalid)).toBe(false);
    expect(ruleMatches(rule({ office: 'NL000396' }), { ...invalid, office: null })).toBe(false);
    expect(needsDeclaration(rule({ office: 'NL000396' }))).toBe(true);
    expect(needsDeclaration(rule({ customsFlow: 'IMPORT' }))).toBe(false);
  });
});
