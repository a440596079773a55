import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { openTestDb, testDbKind } from '../support/test-db';

const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a hand split at `;` and `--` got wrong: strings and function bodies hold both. */
const TRICKY = `-- A comment; with a semicolon
create table tricky (id int primary key, note text default 'a -- not a comment; nor an end');
create function tricky_note(n int) returns text language plpgsql as $$
declare
  s text := 'x;y';
begin
  -- inside the body; still the body
  return s || n::text;
end;
$$;
insert into tricky (id) values (1);
insert into tricky values (2, 'semi; colon -- dash');
`;

describe(`migrations (${testDbKind})`, () => {
  it('applies each file whole: semicolons and dashes in strings, a multi-line plpgsql body', async () => {
    writeFileSync(path.join(dir, '0001_tricky.sql'), TRICKY);
    writeFileSync(
      path.join(dir, '0002_broken.sql'),
      "insert into tricky values (3, 'kept?');\nselect * from nowhere;\n",
    );
    const db = await openTestDb(undefined, { before: '0000' });
    try {
      await expect(migrate(db, { dir })).rejects.toThrow(/nowhere/);
      expect(await db.query('select id, note from tricky order by id')).toEqual([
        { id: 1, note: 'a -- not a comment; nor an end' },
        { id: 2, note: 'semi; colon -- dash' },
      ]);
      expect(await db.query('select tricky_note(7) as v')).toEqual([{ v: 'x;y7' }]);
      // The failing file left nothing behind and is not recorded; the good one is.
      expect((await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name)).toEqual([
        '0001_tricky.sql',
      ]);
    } finally {
      await db.close();
    }
  });
});
