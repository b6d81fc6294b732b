import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldPath, FieldValues, ResolverError, ResolverOptions, UseFormSetError } from 'react-hook-form';

/** A message for one dotted path of a form (or of the body the form mirrors). */
export interface PathMessage {
  path: string;
  message: string;
  /** react-hook-form's error type; 'validate' unless told. */
  type?: string;
}

/**
 * A resolver's failure from messages by dotted path: the first message per path wins, nested as
 * react-hook-form expects (`rows.3.code` → errors.rows[3].code). Every form's resolver ends here.
 */
export function resolverFailure<T extends FieldValues>(messages: Iterable<PathMessage>, options: ResolverOptions<T>): ResolverError<T> {
  const errors: Record<string, FieldError> = {};
  for (const { path, message, type = 'validate' } of messages) errors[path] ??= { type, message };
  return { values: {}, errors: toNestErrors(errors, options) };
}

/** Where a form puts the server's field errors. */
export interface ServerErrorMapping<F extends string> {
  /** The form field a server path lands on; undefined when the form has no control for it. */
  fieldOf: (path: string) => F | undefined;
  /** The field's position in the form (the first gets focus); the server's order when absent. */
  orderOf?: (field: F) => number;
  /** How a path with no control is named in the summary; the path itself when absent. */
  labelOf?: (path: string) => string;
}

export interface ServerFieldErrors<F extends string> {
  /** Errors for the form's controls, in the form's order. */
  onFields: { field: F; message: string }[];
  /** The rest (the whole body, a path with no control), for a summary above the buttons. */
  general: string[];
}

const WHOLE_BODY = new Set(['', '(body)']);

/**
 * A 400's field errors (RFC 7807 `invalid-parameters` or RFC 9457 `errors`, both in
 * `ApiError.fieldErrors`) split into those on the form's fields and those for a summary.
 */
export function splitServerErrors<F extends string>(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  mapping: ServerErrorMapping<F>,
): ServerFieldErrors<F> {
  const onFields: { field: F; message: string; at: number }[] = [];
  const general: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const message = messages.join(' ');
    const field = WHOLE_BODY.has(path) ? undefined : mapping.fieldOf(path);
    if (field !== undefined) onFields.push({ field, message, at: mapping.orderOf?.(field) ?? onFields.length });
    else general.push(WHOLE_BODY.has(path) ? message : `${mapping.labelOf?.(path) ?? path}: ${message}`);
  }
  onFields.sort((a, b) => a.at - b.at || a.field.localeCompare(b.field, undefined, { numeric: true }));
  return { onFields: onFields.map(({ field, message }) => ({ field, message })), general };
}

/**
 * For forms whose field names are the body's paths: a server path lands on a field when its parent
 * exists in the form's values (so a control renders it; sparse forms leave blank fields out, so the
 * field itself may be absent).
 */
export function valuePathMapping<T extends FieldValues>(values: T): ServerErrorMapping<FieldPath<T>> {
  return { fieldOf: (path) => (isValuePath(values, path) ? path : undefined) };
}

function isValuePath<T extends FieldValues>(values: T, path: string): path is FieldPath<T> {
  let at: unknown = values;
  for (const segment of path.split('.').slice(0, -1)) {
    if (typeof at !== 'object' || at === null || !(segment in at)) return false;
    at = Reflect.get(at, segment);
  }
  return path !== '' && typeof at === 'object' && at !== null;
}

/** Sets the errors on their fields; the first takes the focus, so the user lands where to correct. */
export function setFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  onFields: readonly { field: FieldPath<T>; message: string }[],
): void {
  onFields.forEach(({ field, message }, i) => setError(field, { type: 'server', message }, { shouldFocus: i === 0 }));
}

/**
 * The one way a form takes the server's field errors: each on its field (the first focused), the
 * rest returned for the form's summary.
 */
export function applyServerErrors<T extends FieldValues, F extends FieldPath<T>>(
  setError: UseFormSetError<T>,
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  mapping: ServerErrorMapping<F>,
): string[] {
  const { onFields, general } = splitServerErrors(fieldErrors, mapping);
  setFieldErrors(setError, onFields);
  return general;
}
