/** A plain JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message part read leniently (files come in any shape): the object, or an empty one. */
export const asRecord = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

/** A list read leniently: an array's objects, or a single object (one XML element) as a list of one. */
export const asRecords = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.map(asRecord) : isObject(value) ? [value] : [];
