import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { CLIENT_TYPES_FILE, clientTypes } from '../../scripts/client-types';

it(`${CLIENT_TYPES_FILE} matches the schema and the documents (run npm run types when this fails)`, async () => {
  const generated = await clientTypes();
  expect(generated).toContain('export type RatesCalendarQuery =');
  expect(await readFile(CLIENT_TYPES_FILE, 'utf8'), 'the generated client types are behind: run npm run types').toBe(
    generated,
  );
});
