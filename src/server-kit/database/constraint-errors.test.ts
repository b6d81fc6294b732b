import { describe, expect, it } from 'vitest';
import { connect } from './engine.js';
import { isUniqueViolation } from './constraint-errors.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';

describe('unique violations', () => {
  it('are recognised from the embedded engine this Node.js uses', async () => {
    const { db } = await connect<{ t: { x: number } }>({
      url: undefined,
      dataDir: mkdtempSync(join(tmpdir(), 'unique-')),
      fileName: 't.sqlite',
      applicationName: 'test',
    });
    await sql`create table t (x integer unique)`.execute(db);
    await db.insertInto('t').values({ x: 1 }).execute();
    const refused = await db
      .insertInto('t')
      .values({ x: 1 })
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    await db.destroy();
    expect(isUniqueViolation(refused)).toBe(true);
    expect(isUniqueViolation(new Error('disk full'))).toBe(false);
  });
});
