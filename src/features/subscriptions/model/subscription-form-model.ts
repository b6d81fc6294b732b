import type { Resolver } from 'react-hook-form';
import {
  DESTINATION_TYPE,
  subscriptionCreateSchema,
  type Subscription,
  type SubscriptionCreate,
  type SubscriptionCreateInput,
} from '../../../contract/subscriptions';
import { resolverFailure, type ServerErrorMapping } from '../../../lib/form-errors';

export type AuthMethod = 'none' | 'header' | 'oauth';

/** The form's own model: flat, strings only; toCreateBody turns it into the POST body. */
export interface SubscriptionFormValues {
  eventType: string;
  eventSubType: string;
  destinationUrl: string;
  auth: AuthMethod;
  headers: { name: string; value: string }[];
  accessTokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  audience: string;
}

export const emptyFormValues = (): SubscriptionFormValues => ({
  eventType: '',
  eventSubType: '',
  destinationUrl: '',
  auth: 'none',
  headers: [],
  accessTokenUrl: '',
  clientId: '',
  clientSecret: '',
  scope: '',
  audience: '',
});

/**
 * Prefill for a guided replace. Secrets come masked from the service, so clientSecret and every
 * header value start empty: the user must enter them again.
 */
export function formValuesFrom(subscription: Subscription): SubscriptionFormValues {
  const d = subscription.destinationDescription;
  const headers = (d.additionalHeaders ?? []).map((h) => ({ name: h.name, value: '' }));
  return {
    ...emptyFormValues(),
    eventType: subscription.eventType,
    eventSubType: subscription.eventSubType ?? '',
    destinationUrl: d.destinationUrl,
    auth: d.accessTokenUrl ? 'oauth' : headers.length > 0 ? 'header' : 'none',
    headers,
    accessTokenUrl: d.accessTokenUrl ?? '',
    clientId: d.clientId ?? '',
    scope: d.scope ?? '',
    audience: d.audience ?? '',
  };
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The POST body: blanks left out, OAuth fields only with OAuth, headers only with a header or OAuth method. */
export function toCreateBody(v: SubscriptionFormValues): SubscriptionCreateInput {
  const oauth = v.auth === 'oauth';
  const headers = v.auth === 'none' ? [] : v.headers.map((h) => ({ name: h.name.trim(), value: h.value }));
  return {
    eventType: v.eventType,
    eventSubType: optional(v.eventSubType),
    subscriptionDestination: { destinationType: DESTINATION_TYPE },
    destinationDescription: {
      destinationUrl: v.destinationUrl,
      ...(oauth && {
        accessTokenUrl: v.accessTokenUrl,
        clientId: optional(v.clientId),
        clientSecret: v.clientSecret === '' ? undefined : v.clientSecret,
        scope: optional(v.scope),
        audience: optional(v.audience),
      }),
      ...(headers.length > 0 && { additionalHeaders: headers }),
    },
  };
}

const SIMPLE_FIELDS = [
  'eventType',
  'eventSubType',
  'destinationUrl',
  'accessTokenUrl',
  'clientId',
  'clientSecret',
  'scope',
  'audience',
] as const;
type SimpleField = (typeof SIMPLE_FIELDS)[number];
const isSimpleField = (name: string): name is SimpleField => (SIMPLE_FIELDS as readonly string[]).includes(name);

/** A form control's name: what an error can be attached to and focused. */
export type FormFieldName = SimpleField | `headers.${number}.name` | `headers.${number}.value`;

/** The form control a body path (schema issue or server invalid-parameter) belongs to, or undefined. */
export function formFieldFor(path: string): FormFieldName | undefined {
  const p = path.replace(/\[(\d+)\]/g, '.$1');
  if (p === 'eventType' || p === 'eventSubType') return p;
  const inner = p.replace(/^destinationDescription\./, '');
  if (inner === p) return undefined;
  if (isSimpleField(inner) && inner !== 'eventType' && inner !== 'eventSubType') return inner;
  const header = /^additionalHeaders\.(\d+)\.(name|value)$/.exec(inner);
  if (!header) return undefined;
  const index = Number(header[1]);
  return header[2] === 'name' ? `headers.${index}.name` : `headers.${index}.value`;
}

/** The form's own message (shown through the catalog, like the contract's). */
export const NO_HEADER = 'Add at least one header, or choose "None"';

/** Rules of the form itself, beyond the contract: a shared-header method needs a header. */
function formIssues(v: SubscriptionFormValues): Record<string, string> {
  return v.auth === 'header' && v.headers.length === 0 ? { 'headers.root': NO_HEADER } : {};
}

/** Every field error of the values, keyed by form field (contract schema first, then the form's rules). */
export function validateForm(v: SubscriptionFormValues): { body?: SubscriptionCreate; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const parsed = subscriptionCreateSchema.safeParse(toCreateBody(v));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      // A whole-list issue (too many headers) goes under the header list.
      const field = formFieldFor(path) ?? (path === 'destinationDescription.additionalHeaders' ? 'headers.root' : 'root');
      errors[field] ??= issue.message;
    }
  }
  for (const [field, message] of Object.entries(formIssues(v))) errors[field] ??= message;
  return Object.keys(errors).length === 0 && parsed.success ? { body: parsed.data, errors } : { errors };
}

/** react-hook-form resolver over the contract's create schema (the one the sandbox answers 400 with). */
export const subscriptionResolver: Resolver<SubscriptionFormValues, unknown, SubscriptionCreate> = (values, _context, options) => {
  const { body, errors } = validateForm(values);
  if (body) return { values: body, errors: {} };
  return resolverFailure(
    Object.entries(errors).map(([path, message]) => ({ path, message })),
    options,
  );
};

const orderOf = (field: FormFieldName) => {
  const i = SIMPLE_FIELDS.findIndex((f) => f === field);
  if (i >= 0) return i;
  const header = /^headers\.(\d+)\.(name|value)$/.exec(field);
  return header ? SIMPLE_FIELDS.length + Number(header[1]) * 2 + (header[2] === 'value' ? 1 : 0) : Number.MAX_SAFE_INTEGER;
};

/** A 400's invalid-parameters (dotted body paths) land on form fields in the form's order (the first gets focus). */
export const subscriptionErrorMapping: ServerErrorMapping<FormFieldName> = { fieldOf: formFieldFor, orderOf };
