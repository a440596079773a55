import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { EnvironmentOptions, Plugin } from 'vite';
import { precompress } from './scripts/precompress-plugin';
import { portalShell } from './scripts/portal-shell-plugin';
import { DRAWN_ENVIRONMENT, firstScreenBuild } from './scripts/first-screen-plugin';
import { antdStyles } from './scripts/antd-styles-plugin';
import { themeVariables } from './scripts/theme-variables-plugin';
import { fileURLToPath } from 'node:url';

/** A file of this repository (or its node_modules) as an alias's replacement. */
const inRepo = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    ...clientOnly(portalShell(), antdStyles(), themeVariables()),
    firstScreenBuild(),
    { ...precompress(), applyToEnvironment: (env) => env.name === 'client' || env.name === DRAWN_ENVIRONMENT },
    unusedImportsDropped(),
  ],
  // `vite build` builds the portal (dist/), the server's drawer of first screens (dist-ssr/) and the
  // drawn pages' code (dist/, after the portal's: scripts/first-screen-plugin.ts). Only in the build:
  // Vitest runs its tests in the ssr environment, and there every package bundled broke PGlite's wasm
  // lookup and the production define broke React's development JSX.
  builder: {
    buildApp: async (builder) => {
      const { client, ...others } = builder.environments;
      await builder.build(client);
      for (const environment of Object.values(others)) await builder.build(environment);
    },
  },
  environments: command === 'build' ? { ssr: drawerEnvironment } : undefined,
  resolve: {
    alias: [
      // @refinedev/graphql imports lodash's CommonJS set beside @refinedev/core's lodash-es: one lodash
      // in the portal's chunk, not two (3 kB gzip of a cold page).
      { find: /^lodash\/set$/, replacement: 'lodash-es/set' },
      // qs (for @refinedev/core's and the router provider's query strings) gets its side channel on a
      // Map instead of a chain of engine probes run as the portal loads (src/lib/side-channel.cjs).
      { find: /^side-channel$/, replacement: inRepo('src/lib/side-channel.cjs') },
      // react-router 7 exports only its development build (remix-run/react-router#14102), whose dev
      // warnings run in production; its production build differs in that one flag, so a build takes it.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: inRepo('node_modules/react-router/dist/production/index.mjs') },
            // graphql-js's parser and visitor (9.6 kB gzip of every signed-in page's first chunk) for
            // @refinedev/graphql's `visit` and graphql-tag's `parse`: urql already brings
            // @0no-co/graphql.web, the same AST with both functions, and builds every document the
            // portal sends. graphql-tag becomes urql's `gql` (src/lib/graphql-tag.ts).
            { find: /^graphql$/, replacement: '@0no-co/graphql.web' },
            { find: /^graphql-tag$/, replacement: inRepo('src/lib/graphql-tag.ts') },
            // graphql-ws's entry re-exports its server (graphql-js's executor), which the lighter
            // parser does not have: the portal takes only its client, which imports no graphql.
            { find: /^graphql-ws$/, replacement: inRepo('node_modules/graphql-ws/lib/client.mjs') },
            // rc-resize-observer's polyfill: the browser's own ResizeObserver, which it answered with anyway.
            { find: /^resize-observer-polyfill$/, replacement: inRepo('src/lib/resize-observer.ts') },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: apiTarget, ws: true, changeOrigin: false },
      '/healthz': { target: apiTarget },
      '/exports': { target: apiTarget },
      '/media': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // zod in chunks of its own: left to itself, Rollup files it with whatever module shares its
        // importers (auth.messages), and sign-in, which loads zod only after it shows, would wait for
        // it. The portal's classic API and the core it shares with zod/mini in one chunk (one file, not two).
        manualChunks: (id) =>
          id.includes('/node_modules/zod/') ? (/\/zod\/(v4\/)?mini\//.test(id) ? 'zod-mini' : 'zod') : undefined,
      },
    },
  },
  test: {
    // One graphql module for Yoga (loaded by Node) and our code (loaded by Vite): graphql 16 ships
    // both index.js and index.mjs, and two copies break `instanceof GraphQLError`.
    alias: { graphql: inRepo('node_modules/graphql/index.js') },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          server: { deps: { inline: REFINE_INLINED } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite starts are heavy: one worker at a time keeps the 2-core machine responsive.
          fileParallelism: false,
          // Each file starts its own app on its own database, so the files share one module graph: the
          // server's import was 100–140 s of every pass when each file loaded it afresh (2026-11-27:
          // six files 62 s isolated, 33 s shared).
          isolate: false,
          // The demo seed's photos, drawn once for the run rather than once per test file.
          globalSetup: ['tests/support/api-global-setup.ts'],
          server: { deps: { inline: REFINE_INLINED } },
        },
      },
    ],
  },
}));

/**
 * Refine's packages, loaded through Vite in tests: @refinedev/graphql's ESM build imports 'lodash/set'
 * without an extension (Vite resolves it), and tests that render Refine need one react-router and one
 * antd in the graph (Node's loader would give @refinedev/react-router a react-router of its own).
 */
const REFINE_INLINED = [
  '@refinedev/graphql',
  '@refinedev/core',
  '@refinedev/antd',
  '@refinedev/react-router',
  'react-router',
];

/** The server's drawer of first screens (src/first-screen/draw.server.tsx), as `vite build` builds it. */
const drawerEnvironment: EnvironmentOptions = {
  // Everything bundled: the portal's packages import CommonJS in ways Node's loader refuses (Refine's
  // named exports of pluralize, 'lodash/set' with no extension); Rollup converts them, the aliases apply.
  resolve: { noExternal: true },
  // React's and antd's production builds whatever NODE_ENV the server runs with (left to run time,
  // `npm start` without NODE_ENV drew with React's development build: twice the time per page).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-ssr',
    copyPublicDir: false,
    rollupOptions: { input: { 'first-screen': 'src/first-screen/draw.server.tsx' } },
  },
};

/** Plugins for the browser's build only: the server's drawer of first screens has no page or assets. */
const clientOnly = (...plugins: Plugin[]) =>
  plugins.map((plugin) => ({ ...plugin, applyToEnvironment: (env: { name: string }) => env.name === 'client' }));

/**
 * Packages the portal's libraries import for features the portal does not use, marked free of side
 * effects so that Rollup drops them with the unused code instead of running them on every load:
 * - papaparse: @refinedev/core's CSV import and export hooks (the portal's CSV exports are the
 *   server's); it kept the whole parser in the portal's chunk (7 kB gzip);
 * - react-markdown and remark-gfm: @refinedev/antd's MarkdownField (the portal shows no markdown);
 *   both are CommonJS, so each form's chunk ran their set-up on load (≈ 160 ms of a phone's main
 *   thread at 4× slowdown on the details page) for nothing.
 */
const UNUSED_IMPORTS = new Set(['papaparse', 'react-markdown', 'remark-gfm']);

function unusedImportsDropped(): Plugin {
  return {
    name: 'unused-imports-dropped',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!UNUSED_IMPORTS.has(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}
