import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { portalShell } from '../../scripts/portal-shell-plugin';
import { PUBLIC_PAGE } from '../../resources/public-paths';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
type Transform = (html: string, ctx: Partial<IndexHtmlTransformContext>) => string;
type Generate = (this: { emitFile: (f: unknown) => void }, o: unknown, b: unknown) => void;

const chunk = (fileName: string, moduleIds: string[], imports: string[], css: string[] = [], isEntry = false) => ({
  type: 'chunk',
  fileName,
  isEntry,
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
  'assets/home.page-1.js': chunk('assets/home.page-1.js', ['/app/src/pages/home.page.tsx'], ['assets/portal-app-1.js']),
};

describe("the portal's frame in index.html", () => {
  it("paints the header and the page outline before any script and names the portal's code to fetch at once, none of it in the public page", () => {
    const plugin = portalShell();
    const html = (plugin.transformIndexHtml as Transform)(INDEX, { path: '/index.html' });
    expect(html).toContain('<div class="property__header shell__brand">');
    expect(html).toContain('Hotel Extranet');
    expect(html).toContain('role="status" aria-label="Loading"');
    const emitted: { fileName: string; source: string }[] = [];
    const index = { type: 'asset', source: html };
    (plugin.generateBundle as Generate).call(
      { emitFile: (f) => emitted.push(f as { fileName: string; source: string }) },
      {},
      { 'index.html': index, ...BUNDLE },
    );
    expect(emitted).toEqual([{ type: 'asset', fileName: PUBLIC_PAGE, source: INDEX }]);
    // Only the portal's page names the portal's code (at low priority, after the frame): its two starting chunks, what they import but the entry, their CSS.
    const head = String(index.source).slice(0, String(index.source).indexOf('</head>'));
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
    (plugin.generateBundle as Generate).call({ emitFile: () => undefined }, {}, { 'index.html': index, ...other });
    expect(index.source).toBe(INDEX);
  });

  it('is left out on the public screens by the dev server, and kept on portal addresses', () => {
    const transform = portalShell().transformIndexHtml as Transform;
    const server = {} as IndexHtmlTransformContext['server'];
    expect(transform(INDEX, { server, originalUrl: '/sign-in?to=%2F' })).toBe(INDEX);
    expect(transform(INDEX, { server, originalUrl: '/properties/1' })).toContain('shell__brand');
  });
});
