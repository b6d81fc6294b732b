/**
 * Keys that come from clients are data: `__proto__`, `constructor` or `toString` must neither
 * read an inherited member of Object.prototype nor, on assignment, replace an object's prototype.
 */

/** Sets `key` as an own enumerable property (plain assignment of `__proto__` would set the prototype instead). */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The own value of `key`, never an inherited one. */
export function getOwn<T>(source: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(source, key) ? source[key] : undefined;
}

/** Appends messages to a field's list in an errors map (field name to messages). */
export function addMessages(errors: Record<string, string[]>, field: string, ...messages: readonly string[]): void {
  const list = getOwn(errors, field);
  if (list) list.push(...messages);
  else setOwn(errors, field, [...messages]);
}
