import { createHash } from 'node:crypto';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
import { antdStyleSheetElements } from './antd-style-sheet';
import { ANTD_STYLES_ATTR } from '../src/lib/antd-styles';
import { ThemeProvider } from '../src/theme';

/**
 * A part of the sheet at most this long: a browser parses each stylesheet in a task of its own, and
 * 200 kB of antd's CSS took Chromium 10–20 ms here (40–80 ms at Lighthouse's 4× slowdown) where
 * the whole sheet (740 kB) was one task of 160–280 ms.
 */
export const PART_CHARS = 200_000;

/**
 * antd's styles as stylesheets for every page, built once instead of on every phone.
 *
 * antd computes each component's CSS in the browser the first time it renders (its token, a style
 * object, stylis, a <style> tag): on a phone at 4× slowdown that was 0.8 s of main thread on the
 * reservations page, and every tag it added restyled the page. @ant-design/cssinjs's own remedy is a
 * sheet of the styles it would compute, with a map of them in a `.data-ant-cssinjs-cache-path`
 * rule: a component whose style is in the map skips the computation and adds no tag. The build
 * renders the portal's components (scripts/antd-style-sheet.tsx) under the portal's theme and writes
 * what antd registered, in parts. A component or state not in the sheet is computed as before.
 *
 * The page names the parts as low-priority preloads, so they never hold up the frame's first paint;
 * the entry links them ahead of the portal's own CSS (where antd's tags went) and draws nothing of
 * antd's until they are in (src/lib/antd-styles.ts).
 */
export function antdStyles(): Plugin {
  let parts: { fileName: string; css: string }[] = [];
  let base = '/';
  return {
    name: 'extranet-antd-styles',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      const cache = createCache();
      for (const element of antdStyleSheetElements())
        renderToString(createElement(StyleProvider, { cache }, createElement(ThemeProvider, null, element)));
      const css = extractStyle(cache, { plain: true });
      if (!css.includes('.data-ant-cssinjs-cache-path{content:"') || css.length < 10_000)
        throw new Error("antd's styles came out empty: the sheet would map nothing");
      parts = splitRules(css, PART_CHARS).map((part, i) => ({
        fileName: `assets/antd-${i + 1}-${createHash('sha256').update(part).digest('hex').slice(0, 8)}.css`,
        css: part,
      }));
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        return parts.map(({ fileName }) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'style',
            fetchpriority: 'low',
            href: `${base}${fileName}`,
            [ANTD_STYLES_ATTR]: '',
          },
          injectTo: 'head',
        }));
      },
    },
    generateBundle() {
      for (const { fileName, css } of parts) this.emitFile({ type: 'asset', fileName, source: css });
    },
  };
}

/** CSS cut into parts of at most `max` characters (one rule longer than that is a part of its own), between top-level rules, in order. */
export function splitRules(css: string, max: number): string[] {
  const parts: string[] = [];
  let start = 0;
  let lastEnd = 0;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      if (i + 1 - start > max && lastEnd > start) {
        parts.push(css.slice(start, lastEnd));
        start = lastEnd;
      }
      lastEnd = i + 1;
    }
  }
  if (depth !== 0 || quote) throw new Error("antd's styles did not parse: unbalanced braces or quotes");
  parts.push(css.slice(start));
  return parts.filter((part) => part.trim() !== '');
}
