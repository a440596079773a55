// Builds the server into dist-server/: our TypeScript bundled into plain ESM (packages stay in
// node_modules), so production runs on Node alone, without tsx compiling at start or holding its
// transforms in memory (measured: start 2.1 s → 1.3 s, RSS under load −70 MB on PGlite).
// `node scripts/build-server.mjs --if-stale` builds only when a source is newer than the build.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(root, 'dist-server');
const SOURCES = ['server', 'resources', 'abilities', 'package-lock.json', 'scripts/build-server.mjs'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

export function serverIsStale() {
  const builtAt = newest(path.join(SERVER_OUT, 'main.mjs'));
  return !builtAt || Math.max(...SOURCES.map((p) => newest(path.join(root, p)))) > builtAt;
}

/** Whether this install can build (esbuild is a devDependency: a production install runs what was built). */
export async function canBuild() {
  try {
    await import('esbuild');
    return true;
  } catch {
    return false;
  }
}

export async function buildServer() {
  // Imported here, not at the top: `npm start` on a production install (no devDependencies) never needs it.
  const { build } = await import('esbuild');
  rmSync(SERVER_OUT, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts', cli: 'server/cli.ts', config: 'server/config.ts' },
    outdir: SERVER_OUT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked', // stack traces map back with NODE_OPTIONS=--enable-source-maps
    keepNames: true, // error and class names stay as written
    logLevel: 'warning',
  });
  // migrate.ts reads its SQL next to itself; in the build that is dist-server/.
  cpSync(path.join(root, 'server/db/migrations'), path.join(SERVER_OUT, 'migrations'), { recursive: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || serverIsStale()) await buildServer();
}
