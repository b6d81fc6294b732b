/** One field a change sent, with its value before (undefined: not there) and the value sent (null clears it). */
export interface ChangedField {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaves of a JSON value as dotted paths (arrays as whole values: goods item lists are compared as one). */
function leaves(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out.set(prefix, value);
  return out;
}

const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (isObject(v) ? v[key] : undefined), value);

/**
 * Side by side: every field the change sent (selective update: only fields present change), with
 * what the declaration had there before. A header PATCH nests its fields under
 * singleAdministrativeDocument, while the kept "before" is that document itself.
 */
export function changedFields(sent: unknown, before: unknown, header: boolean): ChangedField[] {
  const body = header && isObject(sent) && isObject(sent['singleAdministrativeDocument']) ? sent['singleAdministrativeDocument'] : sent;
  return [...leaves(body, '', new Map())].map(([path, after]) => ({ path, before: at(before, path), after }));
}

/** A value as a short text for the table. */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return '(cleared)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
