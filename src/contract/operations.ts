import type { Role } from './user-claims.js';

/**
 * The paths and methods of the specification the BFF forwards to the service, nothing else (ARCHITECTURE.md
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


/** The BFF's own endpoints that are subject to the policy. */
export type BffOperationKey =
  | 'GET /api/audit'
  | 'GET /api/live'
  | 'GET /api/events'
  | 'GET /api/events/log'
  | 'GET /api/live/subscriptions'
  | 'GET /api/ingest-history'
  // Classification workbench: run history, better-suggestion worklist, decisions.
  | 'GET /api/classification/runs'
  | 'GET /api/classification/worklist'
  | 'GET /api/classification/decisions'
  | 'POST /api/classification/decisions'
  | 'GET /api/movement-orders'
  | ReviewOperationKey;

/** The review desk's endpoints (issue 18, src/contract/review.ts). */
export type ReviewOperationKey =
  | 'GET /api/review'
  | 'GET /api/review/codes/{errorCode}'
  | 'POST /api/review/rebuild'
  | 'GET /api/review/notes'
  | 'POST /api/review/notes'
  | 'GET /api/review/bulk-runs'
  | 'POST /api/review/bulk-runs'
  | 'GET /api/declaration-changes';

const EVERYONE: readonly Role[] = ['clerk', 'supervisor', 'analyst'];
/** Clerks do the daily declaration work; supervisors can do everything clerks can. */
const CLERKS: readonly Role[] = ['clerk', 'supervisor'];
const SUPERVISORS: readonly Role[] = ['supervisor'];
const ANALYSTS: readonly Role[] = ['analyst'];
const DECLARATION_READERS: readonly Role[] = EVERYONE;

/**
 * THE policy table (the BFF enforces it; the console uses it to show only what the user may do): which console roles may perform each operation. Keyed by method and the
 * specification's path pattern; the type makes every allow-listed operation need an entry.
 * A user with several roles may do what any of them may.
 */
export const POLICY: Readonly<Record<OperationKey | BffOperationKey, readonly Role[]>> = {
  'GET /v1/authorizationStatus': EVERYONE,
  'GET /api/audit': EVERYONE,
  // Events are tenant-wide and carry no more than the declarations every role may read.
  'GET /api/live': EVERYONE,
  'GET /api/events': EVERYONE,
  'GET /api/events/log': EVERYONE,
  // Which subscriptions feed this console's live updates (ids only): the subscriptions page reads it.
  'GET /api/live/subscriptions': EVERYONE,
  // What was sent through every channel and what became of it: the people who send messages.
  'GET /api/ingest-history': CLERKS,
  'GET /api/classification/runs': ANALYSTS,
  'GET /api/classification/worklist': ANALYSTS,
  'GET /api/classification/decisions': ANALYSTS,
  'POST /api/classification/decisions': ANALYSTS,
  // The review desk is the supervisors'; notes are shown on every declaration with the code and written by the team; bulk runs are a clerk's work too.
  'GET /api/review': SUPERVISORS,
  'GET /api/review/codes/{errorCode}': SUPERVISORS,
  'POST /api/review/rebuild': SUPERVISORS,
  'GET /api/review/notes': EVERYONE,
  'POST /api/review/notes': CLERKS,
  'GET /api/review/bulk-runs': CLERKS,
  'POST /api/review/bulk-runs': CLERKS,
  'GET /api/declaration-changes': EVERYONE,

  'POST /v1/customsshipments': CLERKS,
  'POST /v1/articledataitems': CLERKS,
  'POST /v1/businesspartners': CLERKS,
  'POST /v1/formulas': CLERKS,
  'POST /v1/movementorders': CLERKS,
  'POST /v1/movements': CLERKS,
  'GET /v1/movementorders/{id}': CLERKS,
  // The movement orders sent from this console (BFF store): read by those who create and read them.
  'GET /api/movement-orders': CLERKS,

  'GET /v1/declarations/search': DECLARATION_READERS,
  'GET /v1/declarations/{declarationId}': DECLARATION_READERS,
  'GET /v1/declarations/{declarationId}/items/{id}': DECLARATION_READERS,
  'PATCH /v1/declarations/{declarationId}': CLERKS,
  'POST /v1/declarations/{declarationId}/items': CLERKS,
  'PATCH /v1/declarations/{declarationId}/items/{id}': CLERKS,
  'DELETE /v1/declarations/{declarationId}/items/{id}': CLERKS,

  'GET /v1/declarations/{declarationId}/attachments/{attachmentId}': CLERKS,
  'GET /v1/declarations/{declarationId}/attachments/{attachmentId}/url': CLERKS,
  'GET /v1/declarations/{declarationId}/attachments/{documentType}/{attachmentId}': CLERKS,
  'GET /v1/declarations/{declarationId}/attachments/{documentType}/{attachmentId}/url': CLERKS,

  'POST /v1/declarations/{declarationId}/submit': CLERKS,
  'POST /v1/declarations/{declarationId}/goodsArrived': CLERKS,
  'POST /v1/declarations/{declarationId}/validate': CLERKS,
  'POST /v1/declarations/{declarationId}/generateSad': CLERKS,
  'POST /v1/declarations/{declarationId}/generateDocument/{documentType}': CLERKS,
  'POST /v1/declarations/{declarationId}/receiptReport': CLERKS,
  'POST /v1/declarations/{declarationId}/complementaryExplanation': CLERKS,
  'POST /v1/declarations/{declarationId}/changeDestination': CLERKS,
  'POST /v1/declarations/{declarationId}/rejectOrAlertEad': CLERKS,
  'POST /v1/declarations/{declarationId}/delayForDelivery': CLERKS,
  'POST /v1/declarations/{declarationId}/invalidate': SUPERVISORS,

  'GET /v1/subscriptions': CLERKS,
  'GET /v1/subscriptions/{subscriptionId}': CLERKS,
  'POST /v1/subscriptions': SUPERVISORS,
  'DELETE /v1/subscriptions/{subscriptionId}': SUPERVISORS,

  'POST /v1/classifications/items': ANALYSTS,
  'GET /v1/classifications/items/search': ANALYSTS,
  'GET /v1/classifications/items/{itemId}': ANALYSTS,
  'PATCH /v1/classifications/items/{itemId}': ANALYSTS,
  'DELETE /v1/classifications/items/{itemId}': ANALYSTS,
  'POST /v1/classifications/items/{itemId}/images': ANALYSTS,
  'GET /v1/classifications/items/{itemId}/images/{imageId}': ANALYSTS,
  'DELETE /v1/classifications/items/{itemId}/images/{imageId}': ANALYSTS,
  'POST /v1/classifications/items/{itemId}/classifications': ANALYSTS,
  'GET /v1/classifications/items/{itemId}/classifications/{classificationId}': ANALYSTS,
};

export const isAllowed = (roles: readonly Role[], operation: OperationKey | BffOperationKey): boolean =>
  roles.some((r) => POLICY[operation].includes(r));
