import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import {
  FIRST_SCREEN_CHUNKS_ID,
  FIRST_SCREEN_PAGE,
  FIRST_SCREEN_PAGES,
  FIRST_SCREEN_SLOT,
  type PageFiles,
} from '../resources/first-screen';
import { FRAME, chunkClosure, chunksOf, portalStartChunks } from './portal-shell-plugin';

/** The entry of a drawn page's code: src/first-screen/boot.ts loads the portal in stages. */
export const DRAWN_ENTRY = 'src/first-screen/boot.ts';
/** The build environment of a drawn page's code. */
export const DRAWN_ENVIRONMENT = 'drawn';

/**
 * The code of a page the server draws (server/http/first-screen.ts), built on its own: from its
 * entry (DRAWN_ENTRY), which loads the portal one part at a time, each part a chunk of this build
 * with a task between (src/first-screen/boot.ts). The portal's entry (index.html's) keeps its own
 * build: /sign-in loads it in one file, where a second entry in the same build cut it into dozens.
 *
 * After the portal's build (index.html is on disk), it writes first-screen.html, the page for a
 * drawn address: the drawing in place of the frame (the portal's root, which the portal takes over
 * as it stands), the style sheets it needs linked (antd's and the portal's: it paints with them,
 * before any script), and its code requested only once it has painted, by a small script
 * (FIRST_SCREEN_BOOT). On a phone the code is seconds of download; asked for at once, it shares the
 * line with the page and its styles, and a browser (and Lighthouse) counts it before the page's
 * largest paint. It also writes which chunks and styles each page needs beyond those
 * (FIRST_SCREEN_PAGES), for the server to link with a drawing of that page.
 */
export function firstScreenBuild(): Plugin {
  let outDir = 'dist';
  let base = '/';
  return {
    name: 'extranet-first-screen',
    // After Vite's own steps: the bundle then no longer holds the chunks of CSS alone, which it drops.
    enforce: 'post',
    // Only where the portal is built (the bench's plain antd form uses this config too).
    config(config, { command }) {
      const entry = path.resolve(config.root ?? process.cwd(), DRAWN_ENTRY);
      if (command !== 'build' || !existsSync(entry)) return;
      return {
        environments: {
          [DRAWN_ENVIRONMENT]: {
            consumer: 'client',
            build: {
              emptyOutDir: false,
              copyPublicDir: false,
              rollupOptions: { input: { drawn: entry } },
            },
          },
        },
      };
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    applyToEnvironment: (environment) => environment.name === DRAWN_ENVIRONMENT,
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith(DRAWN_ENTRY));
      if (!entry) throw new Error(`the drawn pages' build has no chunk for ${DRAWN_ENTRY}`);
      // The entry's parts in the order it loads them (its own module's dynamic imports: PARTS in
      // src/first-screen/boot.ts), then the portal's starting chunks. Not every dynamic import of a
      // module the entry's chunk holds: the error reporter's SDK is loaded only where a DSN is set,
      // and asked for with the page it was 152 kB gzipped on every drawn page.
      const own = this.getModuleInfo(entry.facadeModuleId!)?.dynamicallyImportedIds ?? [];
      const parts = [
        ...entry.imports.map((f) => chunks.find((c) => c.fileName === f)!),
        ...own.flatMap(
          (id) => chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id)) ?? [],
        ),
      ];
      const { scripts, styles } = chunkClosure(chunks, [...parts, ...portalStartChunks(chunks)]);
      const boot = this.emitFile({ type: 'asset', name: 'first-screen-boot.js', source: FIRST_SCREEN_BOOT });
      const code = {
        entry: `${base}${entry.fileName}`,
        scripts: [...scripts].map((f) => `${base}${f}`),
        styles: [...styles].map((f) => `${base}${f}`),
      };
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_PAGE,
        source: firstScreenPage(index, code, `${base}${this.getFileName(boot)}`),
      });
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_PAGES,
        source: JSON.stringify(pageFiles(chunks, { scripts, styles }, base)),
      });
    },
  };
}

/**
 * Each lazily loaded module's exports (the portal's pages: src/portal/lazy-pages.tsx names each by
 * its export) with the chunks and CSS it needs beyond the portal's starting ones: a drawn page
 * links its page's CSS (the drawing needs it before any script) and its boot script fetches its chunks.
 */
function pageFiles(
  chunks: Rollup.OutputChunk[],
  starts: { scripts: Set<string>; styles: Set<string> },
  base: string,
): Record<string, PageFiles> {
  const pages: Record<string, PageFiles> = {};
  // The drawn entry's parts are dynamic entries too, and never a page; nor is a library loaded on demand.
  const isPage = (c: Rollup.OutputChunk) =>
    c.isDynamicEntry && !starts.scripts.has(c.fileName) && !c.facadeModuleId?.includes('/node_modules/');
  for (const page of chunks.filter(isPage)) {
    const { scripts, styles } = chunkClosure(chunks, [page], starts.scripts);
    const files: PageFiles = {
      scripts: [...scripts].map((f) => `${base}${f}`),
      styles: [...styles].filter((css) => !starts.styles.has(css)).map((css) => `${base}${css}`),
    };
    for (const name of page.exports) if (name !== 'default') pages[name] ??= files;
  }
  return pages;
}

/**
 * Loads the portal's code (the entry named in its data-entry) once the page has painted: the next
 * frame, then a task, so the drawn first screen is on screen before any request for code starts.
 * The drawn page's own chunks (FIRST_SCREEN_CHUNKS_ID, written by the server) start beside it.
 */
const FIRST_SCREEN_BOOT = `(function () {
  var entry = document.currentScript.getAttribute('data-entry');
  var code = JSON.parse(document.currentScript.getAttribute('data-code'));
  requestAnimationFrame(function () {
    setTimeout(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.appendChild(script);
      var chunks = document.getElementById('${FIRST_SCREEN_CHUNKS_ID}');
      var hrefs = code.concat(JSON.parse(chunks ? chunks.textContent : '[]'));
      (function next() {
        var href = hrefs.shift();
        if (!href) return;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
        setTimeout(next);
      })();
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
export function firstScreenPage(
  html: string,
  code: { entry: string; scripts: string[]; styles: string[] },
  boot: string,
): string {
  const [entryTag] = found(html, /<script type="module" crossorigin src="([^"]+)"><\/script>/, 'entry script');
  const [pageCss] = found(html, /<link rel="stylesheet"[^>]*>/, "page's style sheet");
  const antd = [...html.matchAll(/<link rel="preload" as="style"[^>]*data-antd-styles[^>]*>/g)].map((m) => m[0]);
  if (antd.length === 0) throw new Error('index.html has no antd style sheets to write first-screen.html from');
  found(html, FRAME, 'portal frame');
  // Nor the portal entry's code, nor what index.html preloads of it (its chunks, its CSS): a drawn
  // page loads its own.
  let page = html
    .replace(entryTag, '')
    .replace(
      /\s*<link rel="modulepreload"[^>]*>|<link rel="preload" as="style" fetchpriority="low" crossorigin[^>]*>/g,
      '',
    );
  for (const tag of antd) page = page.replace(tag, '');
  const sheets = antd.map((tag) =>
    tag.replace(/ as="style"| fetchpriority="low"/g, '').replace('rel="preload"', 'rel="stylesheet"'),
  );
  const portal = code.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  return page
    .replace(pageCss, [...sheets, pageCss, ...portal].join(''))
    .replace(
      `<div id="root">${page.match(FRAME)![0]}</div>`,
      `<div id="root" inert aria-hidden="true">${FIRST_SCREEN_SLOT}</div>`,
    )
    .replace(
      '</head>',
      `<script defer src="${boot}" data-entry="${code.entry}" data-code='${JSON.stringify(code.scripts)}'></script></head>`,
    );
}
