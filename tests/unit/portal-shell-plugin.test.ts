import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { portalShell } from '../../scripts/portal-shell-plugin';
import { PUBLIC_PAGE } from '../../resources/public-paths';

/** index.html as the build has it when the plugin's bundle step runs: the entry, its CSS, antd's parts (scripts/antd-styles-plugin.ts). */
const HEAD =
  '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
  '<link rel="preload" as="style" fetchpriority="low" href="/assets/antd-1-a.css" data-antd-styles="">';
const INDEX = `<!doctype html><html><head>${HEAD}</head><body><div id="root"></div></body></html>`;
type Transform = (html: string, ctx: Partial<IndexHtmlTransformContext>) => string;
type Context = { emitFile: (f: unknown) => string; getFileName: (ref: string) => string };
type Generate = (this: Context, o: unknown, b: unknown) => void;
type Emitted = { fileName?: string; name?: string; source: string };

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[],
  css: string[] = [],
  isEntry = false,
  exports: string[] = [],
) => ({
  type: 'chunk',
  fileName,
  isEntry,
  isDynamicEntry: exports.length > 0,
  exports,
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
});
/** A build's chunks: the entry, the two the portal starts with (one shares a chunk with the other), a page's own. */
const BUNDLE = {
  'assets/index-1.js': chunk('assets/index-1.js', ['/app/src/main.tsx'], [], [], true),
  'assets/router-root-1.js': chunk(
    'assets/router-root-1.js',
    ['/app/src/router-root.tsx'],
    ['assets/index-1.js', 'assets/shared-1.js'],
  ),
  'assets/shared-1.js': chunk('assets/shared-1.js', ['/app/node_modules/react-router/index.js'], ['assets/index-1.js']),
  'assets/portal-app-1.js': chunk(
    'assets/portal-app-1.js',
    ['/app/src/switcher/view-as-banner.tsx', '/app/src/portal/portal-app.tsx'],
    ['assets/index-1.js', 'assets/shared-1.js', 'assets/zod-1.js'],
    ['assets/portal-app-1.css'],
  ),
  'assets/zod-1.js': chunk('assets/zod-1.js', ['/app/node_modules/zod/index.js'], []),
  'assets/home.page-1.js': chunk(
    'assets/home.page-1.js',
    ['/app/src/pages/home.page.tsx'],
    ['assets/portal-app-1.js', 'assets/table-1.js', 'assets/zod-1.js'],
    ['assets/home-1.css', 'assets/portal-app-1.css'],
    false,
    ['HomePage', 'default'],
  ),
  'assets/table-1.js': chunk(
    'assets/table-1.js',
    ['/app/node_modules/antd/es/table/index.js'],
    [],
    ['assets/table-1.css'],
  ),
};

describe("the portal's frame in index.html", () => {
  it("paints the header and the page outline before any script and names the portal's code to fetch at once, none of it in the public page", () => {
    const plugin = portalShell();
    const html = (plugin.transformIndexHtml as Transform)(INDEX, { path: '/index.html' });
    expect(html).toContain('<div class="property__header shell__brand">');
    expect(html).toContain('Hotel Extranet');
    expect(html).toContain('role="status" aria-label="Loading"');
    const emitted: Emitted[] = [];
    const index = { type: 'asset', source: html };
    const context: Context = {
      emitFile: (f) => String(emitted.push(f as Emitted)),
      getFileName: (ref) => `assets/${emitted[Number(ref) - 1].name!.replace('.js', '-1.js')}`,
    };
    (plugin.generateBundle as Generate).call(context, {}, { 'index.html': index, ...BUNDLE });
    // A drawn page's own page and code come from a build of their own (first-screen-plugin.test.ts).
    expect(emitted.map((f) => f.fileName ?? f.name)).toEqual([PUBLIC_PAGE]);
    expect(emitted[0].source).toBe(INDEX);
    // Only the portal's page names the portal's code (at low priority, after the frame): its two starting chunks, what they import but the entry, their CSS.
    const head = String(index.source).slice(0, String(index.source).indexOf('</head>')).replace(HEAD, '');
    expect(head.match(/<link rel="(?:modulepreload|preload)"( as="style")? fetchpriority="low"/g)).toHaveLength(5);
    expect(
      [...head.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    ).toEqual([
      ['modulepreload', '/assets/router-root-1.js'],
      ['modulepreload', '/assets/shared-1.js'],
      ['modulepreload', '/assets/portal-app-1.js'],
      ['modulepreload', '/assets/zod-1.js'],
      ['preload', '/assets/portal-app-1.css'],
    ]);
  });

  it("names no portal code in a page built from another entry with the same config (the bench's plain form)", () => {
    const plugin = portalShell();
    const index = { type: 'asset', source: INDEX };
    const other = {
      'assets/form-1.js': chunk('assets/form-1.js', ['/app/tests/bench/anchor-page/main.tsx'], [], [], true),
    };
    const emitted: Emitted[] = [];
    const context: Context = { emitFile: (f) => String(emitted.push(f as Emitted)), getFileName: () => '' };
    (plugin.generateBundle as Generate).call(context, {}, { 'index.html': index, ...other });
    expect(index.source).toBe(INDEX);
    expect(emitted.map((f) => f.fileName)).toEqual([PUBLIC_PAGE]);
  });

  it('is left out on the public screens by the dev server, and kept on portal addresses', () => {
    const transform = portalShell().transformIndexHtml as Transform;
    const server = {} as IndexHtmlTransformContext['server'];
    expect(transform(INDEX, { server, originalUrl: '/sign-in?to=%2F' })).toBe(INDEX);
    expect(transform(INDEX, { server, originalUrl: '/properties/1' })).toContain('shell__brand');
  });
});
