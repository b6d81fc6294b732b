import { ALLOWED_OPERATIONS, type OperationKey } from '../../contract/operations.js';

interface CompiledOperation {
  key: OperationKey;
  method: string;
  /** `null` marks a parameter segment. */
  segments: (string | null)[];
  literals: number;
}

const COMPILED: readonly CompiledOperation[] = ALLOWED_OPERATIONS.map((key) => {
  const [method = '', pattern = ''] = key.split(' ');
  const segments = pattern
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith('{') ? null : s));
  return { key, method, segments, literals: segments.filter((s) => s !== null).length };
});

/**
 * The allow-list entry for a method and an already checked upstream path (`/v1/...`, without the
 * query). When several patterns match, the one with the most literal segments wins
 * (`/declarations/search` over `/declarations/{declarationId}`).
 */
export function matchOperation(method: string, path: string): OperationKey | undefined {
  const parts = path.split('/').slice(1);
  let best: CompiledOperation | undefined;
  for (const op of COMPILED) {
    if (op.method !== method || op.segments.length !== parts.length) continue;
    const matches = op.segments.every((s, i) => (s === null ? (parts[i] ?? '') !== '' : s === parts[i]));
    if (matches && (!best || op.literals > best.literals)) best = op;
  }
  return best?.key;
}

/**
 * Rejects request targets that could mean something else upstream than what the allow-list saw:
 * absolute URLs, `.` and `..` segments (also percent-encoded), encoded slashes and backslashes,
 * backslashes, empty segments (double slashes), malformed percent-encoding and control characters.
 * Returns the reason, or undefined when the path is clean.
 */
export function unsafePathReason(rawTarget: string): string | undefined {
  if (!rawTarget.startsWith('/')) return 'The request target must be a path, not an absolute URL.';
  const path = rawTarget.split('?')[0] ?? '';
  if (path.includes('\\')) return 'Backslashes are not allowed in paths.';
  if (/%2f|%5c/i.test(path)) return 'Encoded slashes are not allowed in paths.';
  if (path.includes('//')) return 'Empty path segments (double slashes) are not allowed.';
  for (const segment of path.split('/').slice(1)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'The path is not validly percent-encoded.';
    }
    if (decoded === '.' || decoded === '..') return 'Dot segments are not allowed in paths.';
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return 'Control characters are not allowed in paths.';
  }
  return undefined;
}
