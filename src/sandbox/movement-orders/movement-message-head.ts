/** What the ingest history keeps of a movement message beside its orders (which hold the movements); as migration 0010 copied it. */
export const movementMessageHead = (i: { version: string | undefined; deprecatedPath: boolean }) => ({
  version: i.version ?? null,
  viaDeprecatedPath: i.deprecatedPath,
});
