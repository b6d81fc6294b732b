import pinoPretty from 'pino-pretty';
import { z } from 'zod';

/**
 * How the servers write their log lines: one JSON object a line for log collectors, or short
 * readable lines for a person at a terminal. LOG_FORMAT decides when set; otherwise a terminal
 * gets readable lines and anything else (a pipe, a file, a container's log driver) gets JSON.
 */
export const logFormatSchema = z.enum(['json', 'pretty']).optional();
export type LogFormat = 'json' | 'pretty';

export function resolveLogFormat(setting: LogFormat | undefined, stdoutIsTerminal: boolean = process.stdout.isTTY === true): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

const requestShape = z.object({
  req: z.object({ method: z.string(), url: z.string() }),
  res: z.object({ statusCode: z.number() }).optional(),
  responseTime: z.number().optional(),
});
const errorShape = z.object({ err: z.object({ message: z.string() }) });

/** One line a record: the message, a request's method, path, status and time, an error's message (no stack, no fields). */
export function readableLine(record: Record<string, unknown>): string {
  const parts = [typeof record.msg === 'string' ? record.msg : ''];
  const request = requestShape.safeParse(record);
  if (request.success) {
    const { req, res, responseTime } = request.data;
    parts.push(
      `${req.method} ${req.url}${res ? ` ${res.statusCode}` : ''}${responseTime === undefined ? '' : ` ${Math.round(responseTime)} ms`}`,
    );
  }
  const error = errorShape.safeParse(record);
  if (error.success) parts.push(`(${error.data.err.message})`);
  return parts.filter(Boolean).join(' ');
}

/** Readable lines, written at once (the process may exit right after an error line). */
export function prettyLogStream(): { write(line: string): void } {
  return pinoPretty({
    sync: true,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    hideObject: true,
    messageFormat: (record) => readableLine(record),
  });
}
