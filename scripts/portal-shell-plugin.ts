import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin, Rollup } from 'vite';
import { PortalShell } from '../src/layouts/portal-shell';
import { PUBLIC_PAGE, PUBLIC_PATHS } from '../resources/public-paths';
import {
  FIRST_SCREEN_CHUNKS_ID,
  FIRST_SCREEN_PAGE,
  FIRST_SCREEN_PAGES,
  FIRST_SCREEN_SLOT,
  type PageFiles,
} from '../resources/first-screen';

const ROOT = '<div id="root"></div>';
const FRAME = /<!--portal-shell-->[\s\S]*<!--\/portal-shell-->/;

/**
 * Writes the portal's frame (src/layouts/portal-shell.tsx) into index.html, so a portal address
 * paints it before any script has run, and writes public.html beside it without the frame for the
 * public screens (sign-in draws its own at once). The dev server leaves it out on those screens.
 * index.html, which only portal addresses get, also names the portal's code (the router's and the
 * portal's chunks with what they import, src/main.tsx loads both at once there) for the browser to
 * fetch while the entry is still downloading, instead of after it has run.
 *
 * It also writes first-screen.html, the page for a signed-in address whose first screen the server
 * draws (server/http/first-screen.ts): the drawing in place of the frame (the portal's root, which
 * the portal takes over as it stands), the style sheets it needs
 * linked (antd's and the portal's: it paints with them, before any script), and the portal's code
 * requested only once it has painted, by a small script (FIRST_SCREEN_BOOT). On a phone the code is
 * seconds of download; asked for at once, it shares the line with the page and its styles, and a
 * browser (and Lighthouse) counts it before the page's largest paint.
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
      const boot = this.emitFile({ type: 'asset', name: 'first-screen-boot.js', source: FIRST_SCREEN_BOOT });
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_PAGE,
        source: firstScreenPage(String(index.source), starts.styles, base, `${base}${this.getFileName(boot)}`),
      });
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_PAGES,
        source: JSON.stringify(pageFiles(bundle, starts, base)),
      });
      index.source = String(index.source).replace('</head>', `${portalPreloads(starts, base)}</head>`);
    },
  };
}

/**
 * Each lazily loaded module's exports (the portal's pages: src/portal/lazy-pages.tsx names each by
 * its export) with the chunks and CSS it needs beyond the portal's starting ones: a drawn page
 * links its page's CSS (the drawing needs it before any script) and its boot script fetches its chunks.
 */
function pageFiles(
  bundle: Rollup.OutputBundle,
  starts: { scripts: Set<string>; styles: Set<string> },
  base: string,
): Record<string, PageFiles> {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const pages: Record<string, PageFiles> = {};
  for (const page of chunks.filter((c) => c.isDynamicEntry)) {
    const { scripts, styles } = chunkClosure(chunks, [page], starts.scripts);
    const files: PageFiles = {
      scripts: [...scripts].map((f) => `${base}${f}`),
      styles: [...styles].filter((css) => !starts.styles.has(css)).map((css) => `${base}${css}`),
    };
    for (const name of page.exports) if (name !== 'default') pages[name] ??= files;
  }
  return pages;
}

/** The chunks `from` loads (itself and what it imports, but the entry and those in `skip`) and their CSS. */
function chunkClosure(chunks: Rollup.OutputChunk[], from: Rollup.OutputChunk[], skip = new Set<string>()) {
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

/** The portal's starting chunks, everything they import but the entry, and their CSS (null: no portal in this build). */
function portalStarts(bundle: Rollup.OutputBundle): { scripts: Set<string>; styles: Set<string> } | null {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const holds = (c: Rollup.OutputChunk, module: string) => c.moduleIds.some((id) => id.endsWith(module));
  // Another page built with this config (the bench's plain antd form) has no portal to start.
  if (!chunks.some((c) => c.isEntry && holds(c, PORTAL_ENTRY))) return null;
  // Named by the module in them (the portal's chunk has no facade: the routes import it too).
  const starts = chunks.filter((c) => PORTAL_STARTS.some((m) => holds(c, m)));
  if (starts.length !== PORTAL_STARTS.length) throw new Error(`the build has no chunk for one of ${PORTAL_STARTS}`);
  return chunkClosure(chunks, starts);
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

/**
 * Loads the portal's code (the entry named in its data-entry) once the page has painted: the next
 * frame, then a task, so the drawn first screen is on screen before any request for code starts.
 * The drawn page's own chunks (FIRST_SCREEN_CHUNKS_ID, written by the server) start beside it.
 */
const FIRST_SCREEN_BOOT = `(function () {
  var entry = document.currentScript.getAttribute('data-entry');
  requestAnimationFrame(function () {
    setTimeout(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
      var chunks = document.getElementById('${FIRST_SCREEN_CHUNKS_ID}');
      JSON.parse(chunks ? chunks.textContent : '[]').forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
    });
  });
})();
`;

/** What must be in index.html for first-screen.html to be made from it; the build stops when one is not. */
function found(html: string, pattern: RegExp, what: string): RegExpMatchArray {
  const match = html.match(pattern);
  if (!match) throw new Error(`index.html has no ${what} to write first-screen.html from`);
  return match;
}

/**
 * first-screen.html from the built index.html: the frame's place in #root holds FIRST_SCREEN_SLOT,
 * and #root is inert and hidden from assistive technology until the portal takes the drawing over
 * (src/router-root.tsx), antd's parts
 * and the portal's CSS are style sheets (antd's ahead of the page's own, as the entry links them),
 * and the entry is requested by the boot script.
 */
function firstScreenPage(html: string, portalStyles: Set<string>, base: string, boot: string): string {
  const [entryTag, entry] = found(html, /<script type="module" crossorigin src="([^"]+)"><\/script>/, 'entry script');
  const [pageCss] = found(html, /<link rel="stylesheet"[^>]*>/, "page's style sheet");
  const antd = [...html.matchAll(/<link rel="preload" as="style"[^>]*data-antd-styles[^>]*>/g)].map((m) => m[0]);
  if (antd.length === 0) throw new Error('index.html has no antd style sheets to write first-screen.html from');
  found(html, FRAME, 'portal frame');
  let page = html.replace(entryTag, '');
  for (const tag of antd) page = page.replace(tag, '');
  const sheets = antd.map((tag) =>
    tag.replace(/ as="style"| fetchpriority="low"/g, '').replace('rel="preload"', 'rel="stylesheet"'),
  );
  const portal = [...portalStyles].map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`);
  return page
    .replace(pageCss, [...sheets, pageCss, ...portal].join(''))
    .replace(
      `<div id="root">${html.match(FRAME)![0]}</div>`,
      `<div id="root" inert aria-hidden="true">${FIRST_SCREEN_SLOT}</div>`,
    )
    .replace('</head>', `<script defer src="${boot}" data-entry="${entry}"></script></head>`);
}
