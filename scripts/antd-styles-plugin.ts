import { createHash } from 'node:crypto';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
import { antdStyleSheetElements } from './antd-style-sheet';

/**
 * antd's styles as a stylesheet for the portal (index.html), built once instead of on every phone.
 *
 * antd computes each component's CSS in the browser the first time it renders (its token, a style
 * object, stylis, a <style> tag): on a phone at 4× slowdown that was 0.8 s of main thread on the
 * reservations page, and every tag it added restyled the page. @ant-design/cssinjs's own remedy is a
 * stylesheet of the styles it would compute, with a map of them in a `.data-ant-cssinjs-cache-path`
 * rule: a component whose style is in the map skips the computation and adds no tag. The build
 * renders the portal's components (scripts/antd-style-sheet.tsx) under the portal's theme and writes
 * what antd registered. A component or state not in the sheet is computed in the browser as before.
 *
 * The sheet comes before the portal's own CSS, as antd's tags did (they are prepended), so the
 * portal's rules still win. The public screens (public.html: sign-in first) do not load it.
 */
export function antdStyles(): Plugin {
  let css = '';
  let fileName = '';
  let base = '/';
  return {
    name: 'extranet-antd-styles',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      const cache = createCache();
      for (const element of antdStyleSheetElements()) renderToString(createElement(StyleProvider, { cache }, element));
      css = extractStyle(cache, { plain: true });
      if (!css.includes('.data-ant-cssinjs-cache-path{content:"') || css.length < 10_000)
        throw new Error("antd's styles came out empty: the sheet would map nothing");
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `${base}${fileName}` }, injectTo: 'head-prepend' }];
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css });
    },
  };
}
