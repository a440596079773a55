import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { PortalShell } from '../src/layouts/portal-shell';
import { PUBLIC_PAGE, PUBLIC_PATHS } from '../resources/public-paths';

const ROOT = '<div id="root"></div>';
const FRAME = /<!--portal-shell-->[\s\S]*<!--\/portal-shell-->/;

/**
 * Writes the portal's frame (src/layouts/portal-shell.tsx) into index.html, so a portal address
 * paints it before any script has run, and writes public.html beside it without the frame for the
 * public screens (sign-in draws its own at once). The dev server leaves it out on those screens.
 */
export function portalShell(): Plugin {
  const frame = `<!--portal-shell-->${renderToStaticMarkup(createElement(PortalShell))}<!--/portal-shell-->`;
  return {
    name: 'extranet-portal-shell',
    enforce: 'post',
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
    },
  };
}
