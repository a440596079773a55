// `npm run cli -- <command>`: the operator's CLI, run from the built server like `npm start` runs it
// (plain Node, no devDependencies needed), rebuilding first where this install can build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_OUT, buildServer, canBuild, serverIsStale } from './build-server.mjs';

if (serverIsStale() && (await canBuild())) await buildServer();
const cli = path.join(SERVER_OUT, 'cli.mjs');
if (!existsSync(cli)) {
  process.stderr.write('The server is not built: run npm run build first.\n');
  process.exit(1);
}
await import(pathToFileURL(cli).href);
