/**
 * A gate that lets at most `size` tasks run at once; the others wait their turn in order. For
 * look-ups a page starts by the dozen (one per table row), so they do not spend the tenant's
 * request budget in one burst.
 */
export function concurrencyLimit(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      next();
    }
  };
}
