import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { portalShell } from '../../scripts/portal-shell-plugin';
import { PUBLIC_PAGE } from '../../resources/public-paths';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
type Transform = (html: string, ctx: Partial<IndexHtmlTransformContext>) => string;
type Generate = (this: { emitFile: (f: unknown) => void }, o: unknown, b: unknown) => void;

describe("the portal's frame in index.html", () => {
  it('paints the header and the page outline before any script, and leaves them out of the public page', () => {
    const plugin = portalShell();
    const html = (plugin.transformIndexHtml as Transform)(INDEX, { path: '/index.html' });
    expect(html).toContain('<div class="property__header shell__brand">');
    expect(html).toContain('Hotel Extranet');
    expect(html).toContain('role="status" aria-label="Loading"');
    const emitted: { fileName: string; source: string }[] = [];
    (plugin.generateBundle as Generate).call(
      { emitFile: (f) => emitted.push(f as { fileName: string; source: string }) },
      {},
      { 'index.html': { type: 'asset', source: html } },
    );
    expect(emitted).toEqual([{ type: 'asset', fileName: PUBLIC_PAGE, source: INDEX }]);
  });

  it('is left out on the public screens by the dev server, and kept on portal addresses', () => {
    const transform = portalShell().transformIndexHtml as Transform;
    const server = {} as IndexHtmlTransformContext['server'];
    expect(transform(INDEX, { server, originalUrl: '/sign-in?to=%2F' })).toBe(INDEX);
    expect(transform(INDEX, { server, originalUrl: '/properties/1' })).toContain('shell__brand');
  });
});
