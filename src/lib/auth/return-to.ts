/** Where to go after sign-in: only paths on this origin (no `//host`, no absolute URLs), else home. */
export function safeReturnTo(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.startsWith('/sign-in')) return '/';
  return target;
}
