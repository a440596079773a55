import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin, Rollup } from 'vite';
import { PortalShell } from '../src/layouts/portal-shell';
import { PUBLIC_PAGE, PUBLIC_PATHS } from '../resources/public-paths';

const ROOT = '<div id="root"></div>';
export const FRAME = /<!--portal-shell-->[\s\S]*<!--\/portal-shell-->/;

/**
 * Writes the portal's frame (src/layouts/portal-shell.tsx) into index.html, so a portal address
 * paints it before any script has run, and writes public.html beside it without the frame for the
 * public screens (sign-in draws its own at once). The dev server leaves it out on those screens.
 * index.html, which only portal addresses get, also names the portal's code (the router's and the
 * portal's chunks with what they import, src/main.tsx loads both at once there) for the browser to
 * fetch while the entry is still downloading, instead of after it has run. A page the server draws
 * has a build of its own (scripts/first-screen-plugin.ts).
 */
export function portalShell(): Plugin {
  const frame = `<!--portal-shell-->${renderToStaticMarkup(createElement(PortalShell))}<!--/portal-shell-->`;
  let base = '/';
  return {
    name: 'extranet-portal-shell',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml(html, ctx) {
      if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT} for the portal's frame`);
      const at = ctx.originalUrl ? new URL(ctx.originalUrl, 'http://localhost').pathname : '';
      if (ctx.server && PUBLIC_PATHS.includes(at)) return html;
      return html.replace(ROOT, `<div id="root">${frame}</div>`);
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error("the build has no index.html to draw the public screens' page from");
      this.emitFile({ type: 'asset', fileName: PUBLIC_PAGE, source: String(index.source).replace(FRAME, '') });
      const starts = portalStarts(bundle);
      if (!starts) return;
      index.source = String(index.source).replace('</head>', `${portalPreloads(starts, base)}</head>`);
    },
  };
}

/** The chunks `from` loads (itself and what it imports, but the entry and those in `skip`) and their CSS. */
export function chunkClosure(chunks: Rollup.OutputChunk[], from: Rollup.OutputChunk[], skip = new Set<string>()) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (chunk.isEntry || scripts.has(chunk.fileName) || skip.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const file of chunk.imports) visit(byFile.get(file)!);
  };
  for (const chunk of from) visit(chunk);
  return { scripts, styles };
}

/** The portal's entry, and the modules it starts with on a portal address: their chunks are preloaded. */
const PORTAL_ENTRY = '/src/main.tsx';
const PORTAL_STARTS = ['/src/router-root.tsx', '/src/portal/portal-app.tsx'];

/** A build's chunks, without its assets. */
export const chunksOf = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');

const holds = (c: Rollup.OutputChunk, module: string) => c.moduleIds.some((id) => id.endsWith(module));

/**
 * The chunks the portal starts with (the router's and the portal's), named by the module in them:
 * the portal's chunk has no facade, the routes import it too. The build stops when one is missing.
 */
export function portalStartChunks(chunks: Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const starts = chunks.filter((c) => PORTAL_STARTS.some((m) => holds(c, m)));
  if (starts.length !== PORTAL_STARTS.length) throw new Error(`the build has no chunk for one of ${PORTAL_STARTS}`);
  return starts;
}

/** The portal's starting chunks, everything they import but the entry, and their CSS (null: no portal in this build). */
function portalStarts(bundle: Rollup.OutputBundle): { scripts: Set<string>; styles: Set<string> } | null {
  const chunks = chunksOf(bundle);
  // Another page built with this config (the bench's plain antd form) has no portal to start.
  if (!chunks.some((c) => c.isEntry && holds(c, PORTAL_ENTRY))) return null;
  return chunkClosure(chunks, portalStartChunks(chunks));
}

/**
 * Preload links for the portal's starting chunks and their CSS. At low priority: the entry and the
 * page's own CSS go first, and nothing of the portal stands between the frame and its first paint
 * (at high priority Lighthouse counted all of it before the first paint: 3.3 s instead of 0.8 s on a phone).
 */
function portalPreloads({ scripts, styles }: { scripts: Set<string>; styles: Set<string> }, base: string): string {
  return [
    ...[...scripts].map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${base}${f}">`),
    ...[...styles].map((f) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${base}${f}">`),
  ].join('');
}
