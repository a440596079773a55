// The Node flags the server runs with, read from `npm start` in package.json, the one place they are
// written: the browser tests and the bench start the built server with the same ones.
import { readFileSync } from 'node:fs';

const start: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
export const SERVER_FLAGS: string[] = start.split(/\s+/).filter((word) => word.startsWith('--'));
