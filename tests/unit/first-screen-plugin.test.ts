import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { DRAWN_ENTRY, DRAWN_ENVIRONMENT, firstScreenBuild } from '../../scripts/first-screen-plugin';
import { FIRST_SCREEN_PAGE, FIRST_SCREEN_PAGES, FIRST_SCREEN_SLOT } from '../../resources/first-screen';

/**
 * index.html as the portal's build leaves it on disk: its entry and what it preloads of it, its CSS,
 * antd's part, the portal's CSS at low priority, and the frame in the root (with its icon's preload).
 */
const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/client-9.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
  '<link rel="preload" as="style" fetchpriority="low" href="/assets/antd-1-a.css" data-antd-styles="">' +
  '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/portal-app-9.js">' +
  '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/portal-app-9.css"></head>' +
  '<body><div id="root"><!--portal-shell--><link rel="preload" as="image" href="/favicon.svg"/>' +
  '<div class="property shell">Hotel Extranet</div><!--/portal-shell--></div></body></html>';

type Emitted = { fileName?: string; name?: string; source: string };
type Context = {
  emitFile: (f: unknown) => string;
  getFileName: (ref: string) => string;
  getModuleInfo: (id: string) => { dynamicallyImportedIds: string[] } | null;
};
type Generate = (this: Context, o: unknown, b: unknown) => void;

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[],
  { css = [] as string[], exports = [] as string[], isEntry = false, dynamicImports = [] as string[] } = {},
) => ({
  type: 'chunk',
  fileName,
  isEntry,
  isDynamicEntry: exports.length > 0,
  facadeModuleId: isEntry || exports.length > 0 ? moduleIds[0] : null,
  exports,
  moduleIds,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
});

/**
 * The drawn pages' build: its entry (a shared chunk, two parts in turn, and the error reporter, whose
 * SDK it loads only where a DSN is set), the portal's two starts, a page.
 */
const BUNDLE = {
  'assets/drawn-1.js': chunk(
    'assets/drawn-1.js',
    [`/app/${DRAWN_ENTRY}`, '/app/src/lib/error-reporting.ts'],
    ['assets/styles-1.js'],
    {
      isEntry: true,
      dynamicImports: ['assets/sentry-1.js', 'assets/client-1.js', 'assets/router-root-1.js'],
    },
  ),
  'assets/sentry-1.js': chunk('assets/sentry-1.js', ['/app/node_modules/@sentry/react/index.js'], [], {
    exports: ['init'],
  }),
  'assets/styles-1.js': chunk('assets/styles-1.js', ['/app/src/lib/antd-styles.ts'], []),
  'assets/client-1.js': chunk('assets/client-1.js', ['/app/node_modules/react-dom/client.js'], [], {
    exports: ['createRoot', 'hydrateRoot'],
  }),
  'assets/router-root-1.js': chunk('assets/router-root-1.js', ['/app/src/router-root.tsx'], ['assets/client-1.js'], {
    exports: ['takeOverDrawing'],
  }),
  'assets/portal-app-1.js': chunk('assets/portal-app-1.js', ['/app/src/portal/portal-app.tsx'], ['assets/zod-1.js'], {
    css: ['assets/portal-app-1.css'],
    exports: ['default', 'drawnPagesLoaded'],
  }),
  'assets/zod-1.js': chunk('assets/zod-1.js', ['/app/node_modules/zod/index.js'], []),
  'assets/home.page-1.js': chunk(
    'assets/home.page-1.js',
    ['/app/src/pages/home.page.tsx'],
    ['assets/portal-app-1.js', 'assets/table-1.js', 'assets/zod-1.js'],
    { css: ['assets/home-1.css', 'assets/portal-app-1.css'], exports: ['HomePage', 'default'] },
  ),
  'assets/table-1.js': chunk('assets/table-1.js', ['/app/node_modules/antd/es/table/index.js'], [], {
    css: ['assets/table-1.css'],
  }),
};

/** The plugin as the drawn pages' build runs it, over a folder where the portal's build left index.html. */
function built(bundle: Record<string, unknown>) {
  const root = mkdtempSync(path.join(tmpdir(), 'first-screen-'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'index.html'), INDEX);
  const plugin = firstScreenBuild();
  (plugin.configResolved as (c: Partial<ResolvedConfig>) => void)({
    root,
    base: '/',
    build: { outDir: 'dist' } as ResolvedConfig['build'],
  });
  const emitted: Emitted[] = [];
  const context: Context = {
    emitFile: (f) => String(emitted.push(f as Emitted)),
    getFileName: () => 'assets/first-screen-boot-1.js',
    // What the entry's own module loads (the error reporter's import is its module's, not the entry's).
    getModuleInfo: (id) =>
      id === `/app/${DRAWN_ENTRY}`
        ? { dynamicallyImportedIds: ['/app/node_modules/react-dom/client.js', '/app/src/router-root.tsx'] }
        : null,
  };
  (plugin.generateBundle as Generate).call(context, {}, bundle);
  return emitted;
}

describe("a drawn page's build", () => {
  it("is added to `vite build` where the portal is built, and not to the dev server nor another page's build", () => {
    const config = firstScreenBuild().config as (c: { root?: string }, e: { command: string }) => unknown;
    const repo = path.resolve('.');
    expect(config({ root: repo }, { command: 'build' })).toEqual({
      environments: {
        [DRAWN_ENVIRONMENT]: expect.objectContaining({
          consumer: 'client',
          build: expect.objectContaining({
            emptyOutDir: false,
            rollupOptions: { input: { drawn: path.join(repo, DRAWN_ENTRY) } },
          }),
        }),
      },
    });
    expect(config({ root: repo }, { command: 'serve' })).toBeUndefined();
    expect(config({ root: path.join(repo, 'tests/bench/anchor-page') }, { command: 'build' })).toBeUndefined();
  });

  it('writes the page for a drawn first screen: its style sheets linked, the drawing in the root in place of the frame, its own code asked for by the boot script', () => {
    const emitted = built(BUNDLE);
    expect(emitted.map((f) => f.fileName ?? f.name)).toEqual([
      'first-screen-boot.js',
      FIRST_SCREEN_PAGE,
      FIRST_SCREEN_PAGES,
    ]);
    const page = emitted.find((f) => f.fileName === FIRST_SCREEN_PAGE)!.source;
    // antd's part, then the page's own CSS (its rules win), then this build's portal CSS; nothing of the portal's entry.
    expect([...page.matchAll(/<link rel="([a-z]+)"[^>]*href="([^"]+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ['stylesheet', '/assets/antd-1-a.css'],
      ['stylesheet', '/assets/index-1.css'],
      ['stylesheet', '/assets/portal-app-1.css'],
    ]);
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('modulepreload');
    // The entry, then every chunk it loads: its parts in the order it loads them, then the portal's
    // starts; not the error reporter's SDK, which a module in the entry's chunk loads only where a DSN is set.
    const code = ['styles-1', 'client-1', 'router-root-1', 'portal-app-1', 'zod-1'].map((c) => `/assets/${c}.js`);
    expect(page).toContain(
      `<script defer src="/assets/first-screen-boot-1.js" data-entry="/assets/drawn-1.js" data-code='${JSON.stringify(code)}'></script></head>`,
    );
    // The drawing is the portal's root, inert until the portal takes it over.
    expect(page).toContain(`<div id="root" inert aria-hidden="true">${FIRST_SCREEN_SLOT}</div>`);
    expect(page).not.toContain('shell');
    // Each page by its exported name (the entry's parts and the portal's starts are none): the chunks and CSS it needs beyond the starts.
    expect(JSON.parse(emitted.find((f) => f.fileName === FIRST_SCREEN_PAGES)!.source)).toEqual({
      HomePage: {
        scripts: ['/assets/home.page-1.js', '/assets/table-1.js'],
        styles: ['/assets/home-1.css', '/assets/table-1.css'],
      },
    });
  });

  it('asks for the code only after a frame has painted, and one chunk per task', () => {
    const boot = built(BUNDLE).find((f) => f.name === 'first-screen-boot.js')!.source;
    expect(boot).toMatch(/requestAnimationFrame\(function \(\) \{\s+setTimeout\(/);
    // The entry's chunks, then the drawn page's own the server listed.
    expect(boot).toContain("getAttribute('data-code')");
    expect(boot).toContain("document.getElementById('first-screen-chunks')");
    expect(boot).toContain("link.rel = 'modulepreload'");
    expect(boot).toMatch(/document\.head\.appendChild\(link\);\s+setTimeout\(next\);/);
  });

  it('stops the build when it has no entry or no portal to start', () => {
    const { 'assets/drawn-1.js': _entry, ...noEntry } = BUNDLE;
    expect(() => built(noEntry)).toThrow(`the drawn pages' build has no chunk for ${DRAWN_ENTRY}`);
    const { 'assets/portal-app-1.js': _portal, ...noPortal } = BUNDLE;
    expect(() => built(noPortal)).toThrow('the build has no chunk for one of');
  });
});
