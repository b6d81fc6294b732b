import { describe, expect, it } from 'vitest';
import { isAllowed } from '../../contract/operations.js';
import { matchOperation, unsafePathReason } from './allow-list.js';

describe('allow-list', () => {
  it('prefers the more literal pattern', () => {
    expect(matchOperation('GET', '/v1/declarations/search')).toBe('GET /v1/declarations/search');
    expect(matchOperation('GET', '/v1/declarations/D-1')).toBe('GET /v1/declarations/{declarationId}');
    expect(matchOperation('GET', '/v1/classifications/items/search')).toBe('GET /v1/classifications/items/search');
    expect(matchOperation('GET', '/v1/declarations/D-1/attachments/A-1/url')).toBe(
      'GET /v1/declarations/{declarationId}/attachments/{attachmentId}/url',
    );
    expect(matchOperation('GET', '/v1/declarations/D-1/attachments/SAD/A-1')).toBe(
      'GET /v1/declarations/{declarationId}/attachments/{documentType}/{attachmentId}',
    );
    expect(matchOperation('POST', '/v1/declarations/D-1/generateDocument/SAD')).toBe(
      'POST /v1/declarations/{declarationId}/generateDocument/{documentType}',
    );
  });

  it('matches nothing else: other methods, extra or empty segments, unknown actions', () => {
    expect(matchOperation('PUT', '/v1/declarations/D-1')).toBeUndefined();
    expect(matchOperation('GET', '/v1/declarations/D-1/submit')).toBeUndefined();
    expect(matchOperation('POST', '/v1/declarations/D-1/approve')).toBeUndefined();
    expect(matchOperation('GET', '/v1/declarations/')).toBeUndefined();
    expect(matchOperation('GET', '/v1/authorizationStatus/x')).toBeUndefined();
  });

  it('flags unsafe request targets and lets ordinary ones pass', () => {
    expect(unsafePathReason('/api/v1/declarations/search?currentStatus=Invalid&lrn=a%2Fb')).toBeUndefined();
    expect(unsafePathReason('/api/v1/declarations/D%201')).toBeUndefined();
    for (const bad of ['http://x/api', '/a/../b', '/a/%2E/b', '/a%2fb', '/a%5Cb', '/a\\b', '/a//b', '/a/%ZZ', '/a/%0Ab']) {
      expect(unsafePathReason(bad), bad).toBeDefined();
    }
  });
});

describe('policy', () => {
  it('gives each role its share', () => {
    expect(isAllowed(['clerk'], 'POST /v1/declarations/{declarationId}/submit')).toBe(true);
    expect(isAllowed(['clerk'], 'POST /v1/declarations/{declarationId}/invalidate')).toBe(false);
    expect(isAllowed(['supervisor'], 'POST /v1/declarations/{declarationId}/invalidate')).toBe(true);
    expect(isAllowed(['clerk'], 'POST /v1/subscriptions')).toBe(false);
    expect(isAllowed(['supervisor'], 'DELETE /v1/subscriptions/{subscriptionId}')).toBe(true);
    expect(isAllowed(['analyst'], 'POST /v1/classifications/items/{itemId}/classifications')).toBe(true);
    expect(isAllowed(['analyst'], 'GET /v1/declarations/search')).toBe(true);
    expect(isAllowed(['analyst'], 'PATCH /v1/declarations/{declarationId}')).toBe(false);
    expect(isAllowed(['clerk'], 'GET /v1/classifications/items/search')).toBe(false);
    expect(isAllowed([], 'GET /v1/authorizationStatus')).toBe(false);
    expect(isAllowed(['clerk', 'analyst'], 'DELETE /v1/classifications/items/{itemId}')).toBe(true);
  });
});
