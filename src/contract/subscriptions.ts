import { z } from 'zod';

/** The one destination type of the specification (Subscription: subscriptionDestination.destinationType). */
export const DESTINATION_TYPE = 'OAuthApiDestination';

/** Hosts the sandbox delivers to over plain HTTP, for local receivers (docs/architecture.md section 5). URL.hostname spelling. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** What clientSecret and additional header values read as: the service never echoes a secret. */
export const MASKED_SECRET = '********';

/**
 * Headers an integrator may not set through additionalHeaders: the service sets them itself
 * (Content-Type: the JSON envelope) or they belong to the transport. Authorization is refused
 * only when accessTokenUrl is used (specification, Subscription).
 */
export const RESERVED_HEADER_NAMES: readonly string[] = [
  'content-type',
  'content-length',
  'host',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
];

/** Most additional headers per subscription (sandbox default; the specification names no limit). */
export const MAX_ADDITIONAL_HEADERS = 20;

/**
 * Why a webhook URL (destinationUrl, accessTokenUrl) is refused, or undefined when accepted.
 * HTTPS only (specification, Webhook delivery); plain HTTP only to a loopback host.
 */
export function destinationUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.username || url.password) return 'must not carry credentials; use accessTokenUrl or additionalHeaders';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.includes(url.hostname)
      ? undefined
      : 'must use HTTPS (plain HTTP is accepted only for localhost, 127.0.0.1 and [::1])';
  }
  return 'must be an https URL';
}

const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'is required' : `must be ${what}`),
});

const webhookUrl = z
  .string(required('a string'))
  .trim()
  .min(1, 'is required')
  .max(2048, 'must be at most 2048 characters')
  .superRefine((value, ctx) => {
    const problem = destinationUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const optionalText = (max: number) =>
  z.string('must be a string').min(1, 'must not be empty').max(max, `must be at most ${max} characters`).nullish();

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const additionalHeaderSchema = z.looseObject({
  name: z
    .string(required('a string'))
    .regex(HEADER_NAME, "must be an HTTP header name (letters, digits and !#$%&'*+.^_`|~-)")
    .max(256, 'must be at most 256 characters')
    .refine((n) => !RESERVED_HEADER_NAMES.includes(n.toLowerCase()), 'is set by the service or the transport and cannot be given'),
  value: z
    .string(required('a string'))
    .max(4096, 'must be at most 4096 characters')
    .regex(/^[^\r\n\0]*$/, 'must not contain line breaks'),
});
export type AdditionalHeader = z.infer<typeof additionalHeaderSchema>;

/**
 * Where and how notifications are sent (specification, Subscription). With accessTokenUrl the
 * service obtains a token with the OAuth 2.0 client credentials grant (clientId and clientSecret
 * required, scope and audience optional) and sets Authorization itself, so Authorization is
 * refused as an additional header. null is read as absent.
 */
export const destinationDescriptionSchema = z
  .looseObject(
    {
      destinationUrl: webhookUrl,
      accessTokenUrl: webhookUrl.nullish(),
      clientId: optionalText(256),
      clientSecret: optionalText(1024),
      scope: optionalText(1024),
      audience: optionalText(1024),
      additionalHeaders: z
        .array(additionalHeaderSchema, 'must be an array of {name, value}')
        .max(MAX_ADDITIONAL_HEADERS, `must hold at most ${MAX_ADDITIONAL_HEADERS} headers`)
        .nullish(),
    },
    required('an object'),
  )
  .superRefine((d, ctx) => {
    const headers = d.additionalHeaders ?? [];
    if (d.accessTokenUrl) {
      if (!d.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'is required with accessTokenUrl' });
      if (!d.clientSecret) ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: 'is required with accessTokenUrl' });
      headers.forEach((h, i) => {
        if (h.name.toLowerCase() === 'authorization') {
          ctx.addIssue({
            code: 'custom',
            path: ['additionalHeaders', i, 'name'],
            message:
              'Authorization cannot be an additional header when accessTokenUrl is set: the service sends the OAuth bearer token in it',
          });
        }
      });
    } else {
      for (const field of ['clientId', 'clientSecret', 'scope', 'audience'] as const) {
        if (d[field] != null) ctx.addIssue({ code: 'custom', path: [field], message: 'is used only with accessTokenUrl' });
      }
    }
    const seen = new Set<string>();
    headers.forEach((h, i) => {
      const key = h.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['additionalHeaders', i, 'name'], message: 'is given more than once' });
      seen.add(key);
    });
  });
export type DestinationDescription = z.infer<typeof destinationDescriptionSchema>;

export const subscriptionDestinationSchema = z.looseObject(
  {
    destinationType: z.literal(DESTINATION_TYPE, {
      error: (issue) => (issue.input === undefined ? 'is required' : `must be ${DESTINATION_TYPE}`),
    }),
  },
  required('an object'),
);

/**
 * Body of POST /v1/subscriptions. One eventType per subscription; eventSubType is one subtype,
 * or absent for all subtypes. destinationDescription sits next to subscriptionDestination, as the
 * specification's field paths give it. Whether eventType is a known type is left to the server.
 */
export const subscriptionCreateSchema = z.looseObject(
  {
    eventType: z.string(required('a string')).trim().min(1, 'is required').max(128, 'must be at most 128 characters'),
    eventSubType: z
      .string('must be a string')
      .trim()
      .min(1, 'must not be empty; omit it to receive every subtype')
      .max(128, 'must be at most 128 characters')
      .nullish(),
    subscriptionDestination: subscriptionDestinationSchema,
    destinationDescription: destinationDescriptionSchema,
  },
  required('a JSON object'),
);
export type SubscriptionCreate = z.infer<typeof subscriptionCreateSchema>;
export type SubscriptionCreateInput = z.input<typeof subscriptionCreateSchema>;

/** A subscription without its destination: the 201 answer of POST and one element of the list. */
export const subscriptionSummarySchema = z.looseObject({
  id: z.string().min(1),
  eventType: z.string(),
  eventSubType: z.string().nullish(),
  subscriptionDestination: z.looseObject({ destinationType: z.string() }),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** 201 of POST /v1/subscriptions: destination details are omitted (specification, Subscriptions). */
export const subscriptionCreatedSchema = subscriptionSummarySchema;

/**
 * GET /v1/subscriptions: "list of active subscription ids; destination details omitted". The exact
 * shape is not published. The sandbox answers an array of summaries; this schema also reads an
 * array of bare ids (normalised to `{ id }`), so the console copes with either.
 */
export const subscriptionListSchema = z.array(
  z.union([
    z
      .string()
      .min(1)
      .transform((id) => ({ id })),
    subscriptionSummarySchema.partial().required({ id: true }),
  ]),
);
export type SubscriptionListItem = z.infer<typeof subscriptionListSchema>[number];

/** GET /v1/subscriptions/{subscriptionId}: with destination details; clientSecret and header values come masked. */
export const subscriptionSchema = subscriptionSummarySchema.extend({
  destinationDescription: z.looseObject({
    destinationUrl: z.string(),
    accessTokenUrl: z.string().nullish(),
    clientId: z.string().nullish(),
    clientSecret: z.string().nullish(),
    scope: z.string().nullish(),
    audience: z.string().nullish(),
    additionalHeaders: z.array(z.looseObject({ name: z.string(), value: z.string() })).nullish(),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
