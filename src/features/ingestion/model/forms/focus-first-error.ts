import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The dotted name of the first field with an error, walking the errors in the form's own order. */
export function firstErrorPath(errors: FieldErrors<FieldValues> | Record<string, unknown>, order: readonly string[]): string | undefined {
  const walk = (node: unknown, prefix: string): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    if ('message' in node && 'type' in node && typeof node.type === 'string') return prefix;
    const entries = Array.isArray(node) ? node.map((v, i): [string, unknown] => [String(i), v]) : Object.entries(node);
    for (const [key, value] of entries) {
      if (key === 'ref' || key === 'root') continue;
      const found = walk(value, prefix ? `${prefix}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  };
  const top = errors as Record<string, unknown>;
  for (const name of [...order, ...Object.keys(top)]) {
    const found = walk(top[name], name);
    if (found) return found;
  }
  return undefined;
}

/**
 * Focuses the control named `path` (name or data-path attribute) once it is rendered: a row of a
 * virtualised list appears only after it was scrolled into view, so this tries for a few frames.
 */
export function focusField(root: HTMLElement | null, path: string, frames = 20): void {
  // data-path first: a picker's visible input carries it, while its name sits on a hidden input.
  const el =
    root?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`) ??
    root?.querySelector<HTMLElement>(`[name="${CSS.escape(path)}"]`);
  if (el) {
    el.focus();
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusField(root, path, frames - 1));
}
