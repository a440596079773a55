/** The attribute the build marks antd's style sheets' preloads with (scripts/antd-styles-plugin.ts). */
export const ANTD_STYLES_ATTR = 'data-antd-styles';
/** How long the first screen waits for them before antd computes its styles itself, as it did before. */
const ANTD_STYLES_WAIT_MS = 4_000;

let ready: Promise<void> | undefined;

/**
 * antd's built styles, applied: each preloaded part becomes a stylesheet ahead of the page's own CSS
 * (antd's rules come first, as its computed <style> tags did, so the portal's rules still win), and
 * the promise settles when every part has loaded. antd reads its map of them once, at its first
 * style, so nothing of antd's may draw before this settles. All or nothing: when a part fails or
 * is not in within ANTD_STYLES_WAIT_MS, the parts come out again, the map with them, and antd
 * computes every style itself. Without the build's preloads (the dev server) it settles at once.
 */
export function antdStylesReady(): Promise<void> {
  ready ??= applyParts();
  return ready;
}

async function applyParts(): Promise<void> {
  const pageCss = document.head.querySelector('link[rel="stylesheet"], style');
  const sheets = [...document.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][${ANTD_STYLES_ATTR}]`)].map(
    (preload) => {
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = preload.href;
      return sheet;
    },
  );
  const loaded = sheets.map(
    (sheet) =>
      new Promise<boolean>((settle) => {
        sheet.onload = () => settle(true);
        sheet.onerror = () => settle(false);
      }),
  );
  for (const sheet of sheets) document.head.insertBefore(sheet, pageCss);
  const late = new Promise<boolean[]>((settle) => setTimeout(() => settle([false]), ANTD_STYLES_WAIT_MS));
  const all = await Promise.race([Promise.all(loaded), late]);
  if (all.includes(false)) for (const sheet of sheets) sheet.remove();
}
