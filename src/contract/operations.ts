import type { Role } from './user-claims.js';

const EVERYONE: readonly Role[] = ['clerk', 'supervisor', 'analyst'];
/** Clerks do the daily declaration work; supervisors can do everything clerks can. */
const CLERKS: readonly Role[] = ['clerk', 'supervisor'];
const SUPERVISORS: readonly Role[] = ['supervisor'];
const ANALYSTS: readonly Role[] = ['analyst'];
const DECLARATION_READERS: readonly Role[] = EVERYONE;

/**
 * THE policy table, the one owner of two rules: which operations exist, and which console roles
 * may perform each (a user with several roles may do what any of them may). Keyed by method and
 * path pattern; `{name}` matches exactly one non-empty path segment.
 * - `/v1/...` entries are the specification's paths and methods the BFF forwards to the service,
 *   nothing else (docs/architecture.md section 4): a request under /api/v1 that matches no entry is
 *   answered 404 by the BFF and never reaches the service.
 * - `/api/...` entries are the BFF's own endpoints.
 * The BFF enforces it; the console uses it to show only what the user may do.
 */
export const POLICY = {
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
  // Service-level targets: everyone sees them (due times, the dashboard); supervisors set them.
  'GET /api/sla-targets': EVERYONE,
  'PUT /api/sla-targets': SUPERVISORS,
  // The operations dashboard: supervisors run the team with it; clerks see how the day goes.
  'GET /api/dashboard': CLERKS,
  'GET /api/review': SUPERVISORS,
  'GET /api/review/codes/{errorCode}': SUPERVISORS,
  'POST /api/review/rebuild': SUPERVISORS,
  'GET /api/review/notes': EVERYONE,
  'POST /api/review/notes': CLERKS,
  'GET /api/review/bulk-runs': CLERKS,
  'POST /api/review/bulk-runs': CLERKS,
  'GET /api/declaration-changes': EVERYONE,
  // Alerts (issue 26): everyone keeps their own rules and notifications; team rules (checked per rule) and the sent e-mails are the supervisors'.
  'GET /api/alerts/rules': EVERYONE,
  'POST /api/alerts/rules': EVERYONE,
  'PATCH /api/alerts/rules/{id}': EVERYONE,
  'DELETE /api/alerts/rules/{id}': EVERYONE,
  'GET /api/notifications': EVERYONE,
  'GET /api/notifications/unread-count': EVERYONE,
  'POST /api/notifications/read': EVERYONE,
  'GET /api/notifications/emails': SUPERVISORS,
  // Work ownership (issue 25): everyone sees who owns what; clerks take work (for themselves only), supervisors assign anyone's; My work for those who do the work, the team's queues for supervisors.
  'GET /api/assignments': EVERYONE,
  'GET /api/assignments/{declarationId}/history': EVERYONE,
  'PUT /api/assignments/{declarationId}': CLERKS,
  'DELETE /api/assignments/{declarationId}': CLERKS,
  'POST /api/assignments/bulk': CLERKS,
  // The declarations search narrowed to an owner (me, a person, unassigned): everyone reads declarations and who owns them.
  'GET /api/declarations/by-owner': DECLARATION_READERS,
  'GET /api/people': EVERYONE,
  'GET /api/people/me': EVERYONE,
  'GET /api/me/preferences': EVERYONE,
  'PUT /api/me/preferences': EVERYONE,
  'GET /api/my-work': CLERKS,
  'GET /api/work-queue': SUPERVISORS,
  // Deadline radar (issue 26, docs/alerts.md): what is late or about to be, for those who do and lead the work.
  'GET /api/radar': CLERKS,
  // The console's own health (issue 26): the token, subscriptions, live streams, the service's answers of the last hour.
  'GET /api/health': SUPERVISORS,
  // Four eyes (docs/approvals.md): everyone sees the queue and the policy; who may decide is the rule's approverRoles, and never the requester; only the requester withdraws.
  'GET /api/approvals': EVERYONE,
  'GET /api/approvals/policy': EVERYONE,
  'POST /api/approvals/{id}/approve': EVERYONE,
  'POST /api/approvals/{id}/reject': EVERYONE,
  'POST /api/approvals/{id}/withdraw': EVERYONE,
  // Tariff help (the shipped nomenclature): everyone who reads or writes commodity codes.
  'GET /api/tariff/codes/{code}': EVERYONE,
  // Declarations every role reads; classification items only for the roles that read them (checked inside).
  'GET /api/tariff/codes/{code}/usage': EVERYONE,
  'GET /api/tariff/search': EVERYONE,
  'GET /api/tariff/tree': EVERYONE,
  // Classification items and the goods items they are about (docs/tariff.md): the roles that read classification items.
  'GET /api/classification-links/items/{itemId}': ANALYSTS,
  'GET /api/classification-links/declarations/{declarationId}': ANALYSTS,
  // "Check this code" on a goods item (docs/tariff.md): the BFF files and runs the classification itself, so clerks need no classification item rights.
  'POST /api/code-checks': [...CLERKS, ...ANALYSTS],
  'GET /api/code-checks/{checkId}': [...CLERKS, ...ANALYSTS],

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

  // Attachments (the /url variants answer 200 {url}; the others 307 to a temporary URL)
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
} as const satisfies Record<`${'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} /${'v1' | 'api'}/${string}`, readonly Role[]>;

type PolicyKey = keyof typeof POLICY;
/** An operation of the service the BFF forwards. */
export type OperationKey = Extract<PolicyKey, `${string} /v1/${string}`>;
/** One of the BFF's own endpoints. */
export type BffOperationKey = Extract<PolicyKey, `${string} /api/${string}`>;

const isServiceOperation = (key: string): key is OperationKey => key.includes(' /v1/') && key in POLICY;
/** The allow-list: every service operation of the policy table. */
export const ALLOWED_OPERATIONS: readonly OperationKey[] = Object.keys(POLICY).filter(isServiceOperation);

export const isAllowed = (roles: readonly Role[], operation: OperationKey | BffOperationKey): boolean =>
  roles.some((r) => POLICY[operation].includes(r));
