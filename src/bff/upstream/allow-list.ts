/**
 * The paths and methods of the specification the BFF forwards, nothing else (ARCHITECTURE.md
 * section 4). `{name}` matches exactly one non-empty path segment. A request under /api/v1 that
 * matches no entry is answered 404 by the BFF and never reaches the service.
 */
export const ALLOWED_OPERATIONS = [
  'GET /v1/authorizationStatus',
  // Ingestion
  'POST /v1/customsshipments',
  'POST /v1/articledataitems',
  'POST /v1/businesspartners',
  'POST /v1/formulas',
  'POST /v1/movementorders',
  'POST /v1/movements',
  'GET /v1/movementorders/{id}',
  // Declarations
  'GET /v1/declarations/search',
  'GET /v1/declarations/{declarationId}',
  'PATCH /v1/declarations/{declarationId}',
  'POST /v1/declarations/{declarationId}/items',
  'GET /v1/declarations/{declarationId}/items/{id}',
  'PATCH /v1/declarations/{declarationId}/items/{id}',
  'DELETE /v1/declarations/{declarationId}/items/{id}',
  // Attachments (the /url variants answer 200 {url}; the others 307 to a temporary URL)
  'GET /v1/declarations/{declarationId}/attachments/{attachmentId}',
  'GET /v1/declarations/{declarationId}/attachments/{attachmentId}/url',
  'GET /v1/declarations/{declarationId}/attachments/{documentType}/{attachmentId}',
  'GET /v1/declarations/{declarationId}/attachments/{documentType}/{attachmentId}/url',
  // Declaration actions
  'POST /v1/declarations/{declarationId}/submit',
  'POST /v1/declarations/{declarationId}/goodsArrived',
  'POST /v1/declarations/{declarationId}/validate',
  'POST /v1/declarations/{declarationId}/generateSad',
  'POST /v1/declarations/{declarationId}/generateDocument/{documentType}',
  'POST /v1/declarations/{declarationId}/invalidate',
  'POST /v1/declarations/{declarationId}/receiptReport',
  'POST /v1/declarations/{declarationId}/complementaryExplanation',
  'POST /v1/declarations/{declarationId}/changeDestination',
  'POST /v1/declarations/{declarationId}/rejectOrAlertEad',
  'POST /v1/declarations/{declarationId}/delayForDelivery',
  // Subscriptions
  'POST /v1/subscriptions',
  'GET /v1/subscriptions',
  'GET /v1/subscriptions/{subscriptionId}',
  'DELETE /v1/subscriptions/{subscriptionId}',
  // Classification
  'POST /v1/classifications/items',
  'GET /v1/classifications/items/search',
  'GET /v1/classifications/items/{itemId}',
  'PATCH /v1/classifications/items/{itemId}',
  'DELETE /v1/classifications/items/{itemId}',
  'POST /v1/classifications/items/{itemId}/images',
  'GET /v1/classifications/items/{itemId}/images/{imageId}',
  'DELETE /v1/classifications/items/{itemId}/images/{imageId}',
  'POST /v1/classifications/items/{itemId}/classifications',
  'GET /v1/classifications/items/{itemId}/classifications/{classificationId}',
] as const;

export type OperationKey = (typeof ALLOWED_OPERATIONS)[number];

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
