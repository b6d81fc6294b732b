import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors.js';

const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('connection errors (answered 503, the request may be repeated)', () => {
  it('recognises a lost or refused connection to PostgreSQL', () => {
    expect(isConnectionError(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isConnectionError(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isConnectionError(withCode('connection failure', '08006'))).toBe(true);
    expect(isConnectionError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionError(new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')]))).toBe(true);
  });

  it('leaves statement failures and everything else alone (they stay 4xx or 500)', () => {
    expect(isConnectionError(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isConnectionError(withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'))).toBe(false);
    expect(isConnectionError(new TypeError('fetch failed'))).toBe(false);
    expect(isConnectionError(new Error('handler broke'))).toBe(false);
    expect(isConnectionError('Connection terminated')).toBe(false);
  });
});
