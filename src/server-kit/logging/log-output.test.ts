import { describe, expect, it } from 'vitest';
import { logFormatSchema, readableLine, resolveLogFormat } from './log-output.js';

describe('log format', () => {
  it('is readable on a terminal and JSON anywhere else, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('refuses a format it does not know', () => {
    expect(logFormatSchema.safeParse('xml').success).toBe(false);
  });

  it('writes a person one line: the message, the request, the error message, never a stack', () => {
    expect(
      readableLine({
        msg: 'request completed',
        req: { method: 'GET', url: '/api/v1/declarations' },
        res: { statusCode: 200 },
        responseTime: 12.4,
      }),
    ).toBe('request completed GET /api/v1/declarations 200 12 ms');
    expect(
      readableLine({
        msg: 'FTPS (explicit) not started on port 2121',
        err: { message: 'listen EADDRINUSE', stack: 'Error: ...\n at ...' },
      }),
    ).toBe('FTPS (explicit) not started on port 2121 (listen EADDRINUSE)');
  });
});
