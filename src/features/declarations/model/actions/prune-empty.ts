/**
 * What the user left blank, removed before validation and sending ('' and null become absent).
 * Objects stay, because the body needs its containers (headerEadEsad, bodyAnalysis), except the
 * optional groups named (dotted, `#` for an index) once nothing is left in them: react-hook-form
 * creates the object of every rendered field, so an untouched transport mode would otherwise
 * reach the schema as `{}` and make its code mandatory. Array elements are kept, so indices and
 * field paths stay aligned; an empty array is left out.
 */
export function pruneEmpty(value: unknown, optionalGroups: readonly string[] = []): unknown {
  return prune(value, '', new Set(optionalGroups));
}

function prune(value: unknown, path: string, optional: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (value === null || value === undefined) return undefined;
  const at = (key: string) => (path ? `${path}.${key}` : key);
  // A list with nothing in it was left blank too (no transport unit, no reference added): sending [] could read as "remove all".
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((v) => prune(v, at('#'), optional) ?? {});
  if (typeof value === 'object') {
    const entries = Object.entries(value).flatMap(([k, v]) => {
      const pruned = prune(v, at(k), optional);
      return pruned === undefined ? [] : [[k, pruned] as const];
    });
    return entries.length === 0 && optional.has(path) ? undefined : Object.fromEntries(entries);
  }
  return value;
}
