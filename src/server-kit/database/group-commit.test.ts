import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

/** A fake database: a transaction collects writes and commits them all, or none when the work throws. */
function fakeDatabase() {
  const committed: string[][] = [];
  const transact = async <T>(work: (tx: string[]) => Promise<T>): Promise<T> => {
    const tx: string[] = [];
    const result = await work(tx);
    committed.push(tx);
    return result;
  };
  return { committed, transact };
}

describe('groupCommit', () => {
  it('writes units that arrive together in one transaction and answers each with its own result', async () => {
    const db = fakeDatabase();
    const write = groupCommit(db.transact);
    const results = await Promise.all(['a', 'b', 'c'].map((v) => write(async (tx) => (tx.push(v), v.toUpperCase()))));
    expect(results).toEqual(['A', 'B', 'C']);
    expect(db.committed).toEqual([['a', 'b', 'c']]);
  });

  it('answers a caller only once its unit is committed', async () => {
    const db = fakeDatabase();
    const write = groupCommit(db.transact);
    await write(async (tx) => void tx.push('a'));
    expect(db.committed).toEqual([['a']]);
  });

  it('fails only the unit that failed: the others are written, each alone', async () => {
    const db = fakeDatabase();
    const write = groupCommit(db.transact);
    const outcomes = await Promise.allSettled(
      ['a', 'bad', 'c'].map((v) =>
        write(async (tx) => {
          if (v === 'bad') throw new Error('constraint');
          tx.push(v);
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(db.committed).toEqual([['a'], ['c']]);
  });

  it('splits a burst into groups of at most maxUnits', async () => {
    const db = fakeDatabase();
    const write = groupCommit(db.transact, 2);
    await Promise.all(['a', 'b', 'c'].map((v) => write(async (tx) => void tx.push(v))));
    expect(db.committed).toEqual([['a', 'b'], ['c']]);
  });
});
