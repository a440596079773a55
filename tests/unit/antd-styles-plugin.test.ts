import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor } from 'vite';
import { antdStyles, PART_CHARS, splitRules } from '../../scripts/antd-styles-plugin';
import { ANTD_STYLES_ATTR } from '../../src/lib/antd-styles';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (hook: unknown, self: unknown, ...args: unknown[]) =>
  (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler).call(self, ...args);

describe("antd's styles built into stylesheets", () => {
  it('names each part as a low-priority preload, emits it under that name, and maps every style antd will look up', () => {
    const plugin = antdStyles();
    call(plugin.configResolved, plugin, { base: '/' });
    call(plugin.buildStart, plugin);
    const links = call(plugin.transformIndexHtml, plugin, '<html></html>', {}) as HtmlTagDescriptor[];
    expect(links.length).toBeGreaterThan(1);
    for (const link of links)
      expect(link).toMatchObject({
        tag: 'link',
        attrs: { rel: 'preload', as: 'style', fetchpriority: 'low', [ANTD_STYLES_ATTR]: '' },
        injectTo: 'head',
      });

    const emitted: { fileName: string; source: string }[] = [];
    call(plugin.generateBundle, { emitFile: (f: { fileName: string; source: string }) => emitted.push(f) });
    expect(emitted.map((f) => `/${f.fileName}`)).toEqual(links.map((l) => l.attrs!.href));
    for (const { fileName, source } of emitted) {
      expect(fileName).toMatch(/^assets\/antd-\d+-[0-9a-f]{8}\.css$/);
      expect(source.length).toBeLessThanOrEqual(PART_CHARS);
    }
    // The map, once, at the end of the last part: each registered style's path (theme token,
    // component, class prefix) with its hash.
    const css = emitted.map((f) => f.source).join('');
    const maps = [...css.matchAll(/\.data-ant-cssinjs-cache-path\{content:"([^"]+)";\}/g)];
    expect(maps).toHaveLength(1);
    expect(emitted.at(-1)!.source.endsWith(maps[0][0])).toBe(true);
    const entries = maps[0][1].split(';');
    const components = new Set(entries.map((entry) => entry.split('|')[1]));
    for (const name of ['Button-Button', 'Form-Form', 'Input-Component', 'Table-Table', 'Select-Select', 'Alert-Alert'])
      expect(components).toContain(name);
    // One theme: the portal's (the icons' reset has a token of its own). A second token would be a
    // component rendered under another theme (a popup's own panel), which no page looks up.
    const themes = entries.filter((entry) => !entry.includes('|ant-design-icons|')).map((entry) => entry.split('|')[0]);
    expect(new Set(themes).size).toBe(1);
    // The portal's brand colour, in a primary button's style.
    expect(css).toContain('background:#0b3954');
  });

  it('cuts CSS between whole top-level rules, in order, whatever braces sit inside @media blocks and strings', () => {
    const rules = ['a{color:red}', '@media (max-width:10px){b{c:d}e{f:g}}', 'h::before{content:"}{"}', 'i{j:k}'];
    const css = rules.join('');
    expect(splitRules(css, 20)).toEqual(rules);
    expect(splitRules(css, 60)).toEqual([rules[0] + rules[1], rules[2] + rules[3]]);
    expect(splitRules(css, 1_000)).toEqual([css]);
    expect(() => splitRules('a{b:c', 10)).toThrow(/unbalanced/);
  });
});
