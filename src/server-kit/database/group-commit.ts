/** Runs `work` in one transaction and returns its result. */
type Transact<Tx> = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

interface Unit<Tx> {
  /** Does the unit's work in a shared transaction; returns how to tell its caller once that committed. */
  run: (tx: Tx) => Promise<() => void>;
  /** Runs it in a transaction of its own, settling its caller. */
  alone: () => Promise<void>;
}

/**
 * Group commit: units of work that arrive in the same turn of the event loop, or while the
 * previous group is being written, share one transaction, so a burst of small writes (accepted
 * messages: a history row and a job each) costs one commit instead of one each. A caller still
 * resolves only after the commit that holds its work ("answered means stored" holds). When the
 * shared transaction fails, each unit runs again alone, so one bad unit fails only its own
 * caller: a unit must not have effects outside its transaction that cannot be repeated.
 */
export function groupCommit<Tx>(transact: Transact<Tx>, maxUnits = 100): Transact<Tx> {
  let queue: Unit<Tx>[] = [];
  let flushing = false;

  const flush = async (): Promise<void> => {
    while (queue.length > 0) {
      const units = queue.slice(0, maxUnits);
      queue = queue.slice(units.length);
      let settle: (() => void)[];
      try {
        settle = await transact(async (tx) => {
          const out: (() => void)[] = [];
          for (const unit of units) out.push(await unit.run(tx));
          return out;
        });
      } catch {
        await Promise.all(units.map((unit) => unit.alone()));
        continue;
      }
      for (const s of settle) s();
    }
    flushing = false;
  };

  return <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({
        run: async (tx) => {
          const value = await work(tx);
          return () => resolve(value);
        },
        alone: () => transact(work).then(resolve, reject),
      });
      if (flushing) return;
      flushing = true;
      // After this turn's I/O: the requests read in the same turn join the first group.
      setImmediate(() => void flush());
    });
}
