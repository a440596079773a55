// `npm start`: build the server and the client where missing or older than their sources, check
// the configuration, then run the built server in this process (plain Node, no tsx).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_OUT, buildServer, canBuild, serverIsStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A production install (npm ci --omit=dev) cannot build: it runs what `npm run build` made.
const builder = await canBuild();
if (serverIsStale()) {
  if (builder) await buildServer();
  else if (!existsSync(path.join(SERVER_OUT, 'main.mjs'))) {
    process.stderr.write(
      'The server is not built and this install cannot build it: run npm ci && npm run build first.\n',
    );
    process.exit(1);
  }
}

const { loadConfig, ConfigError } = await import('../dist-server/config.mjs');
try {
  loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : error}\n`);
  process.exit(1);
}

const CLIENT_SOURCES = [
  'src',
  'providers',
  'resources',
  'abilities',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

// `vite build` writes the portal (dist/) and the server's drawer of first screens (dist-ssr/): the older counts.
const builtAt = Math.min(
  newest(path.join(root, 'dist', 'index.html')),
  newest(path.join(root, 'dist-ssr', 'first-screen.js')),
);
const changedAt = Math.max(...CLIENT_SOURCES.map((p) => newest(path.join(root, p))));
if (!builder && !builtAt) {
  process.stderr.write(
    'The portal is not built and this install cannot build it: run npm ci && npm run build first.\n',
  );
  process.exit(1);
}
if (builder && (!builtAt || changedAt > builtAt)) {
  process.stdout.write('Building the client…\n');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../dist-server/main.mjs');
