/**
 * A promise the test opens itself once it has seen what it waits for (the other side waiting on a
 * lock, a request in flight), instead of holding for a fixed time and hoping that was long enough.
 */
export interface Latch {
  readonly opened: Promise<void>;
  readonly open: () => void;
}

export function latch(): Latch {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
