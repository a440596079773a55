import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor } from 'vite';
import { antdStyles } from '../../scripts/antd-styles-plugin';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (hook: unknown, self: unknown, ...args: unknown[]) =>
  (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler).call(self, ...args);

describe("antd's styles built into a stylesheet", () => {
  it('links one sheet at the top of the page and emits it under that name, with the map antd looks styles up in', () => {
    const plugin = antdStyles();
    call(plugin.configResolved, plugin, { base: '/' });
    call(plugin.buildStart, plugin);
    const [link] = call(plugin.transformIndexHtml, plugin, '<html></html>', {}) as HtmlTagDescriptor[];
    expect(link).toMatchObject({ tag: 'link', attrs: { rel: 'stylesheet' }, injectTo: 'head-prepend' });
    const href = String(link.attrs!.href);
    expect(href).toMatch(/^\/assets\/antd-[0-9a-f]{8}\.css$/);

    const emitted: { fileName: string; source: string }[] = [];
    call(plugin.generateBundle, { emitFile: (f: { fileName: string; source: string }) => emitted.push(f) });
    expect(emitted.map((f) => `/${f.fileName}`)).toEqual([href]);
    const css = emitted[0].source;
    // The map: each registered style's path (theme token, component, class prefix) with its hash.
    const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]+)";\}/.exec(css)?.[1] ?? '';
    const components = new Set(map.split(';').map((entry) => entry.split('|')[1]));
    for (const name of ['Button-Button', 'Form-Form', 'Input-Component', 'Table-Table', 'Select-Select', 'Alert-Alert'])
      expect(components).toContain(name);
    // One theme: the portal's (the icons' reset has a token of its own). A second token would be a
    // component rendered under another theme (a popup's own panel), which no page looks up.
    const themes = map
      .split(';')
      .filter((entry) => !entry.includes('|ant-design-icons|'))
      .map((entry) => entry.split('|')[0]);
    expect(new Set(themes).size).toBe(1);
    // The portal's brand colour, in a primary button's style.
    expect(css).toContain('background:#0b3954');
  });
});
