import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor } from 'vite';
import { themeVariables, themeVariableValues } from '../../scripts/theme-variables-plugin';
import { BRAND } from '../../src/brand';

const files = readdirSync('src', { recursive: true }) as string[];
/** Every stylesheet of the portal, with its text. */
const sheets = files
  .filter((f) => f.endsWith('.css'))
  .map((f) => ({ file: f, css: readFileSync(path.join('src', f), 'utf8') }));
/** Custom properties a component sets in its style (the rates grid's widths). */
const setInStyles = files
  .filter((f) => /\.tsx?$/.test(f))
  .flatMap((f) =>
    [...readFileSync(path.join('src', f), 'utf8').matchAll(/['"](--[\w-]+)['"](?: as string\])?\s*:/g)].map(
      (m) => m[1],
    ),
  );

describe('theme variables', () => {
  it('writes the brand and the theme-color into the page head', () => {
    const plugin = themeVariables();
    const tags = (plugin.transformIndexHtml as () => HtmlTagDescriptor[])();
    const style = tags.find((t) => t.tag === 'style')!.children as string;
    expect(style).toContain(`--brand:${BRAND.primary};`);
    expect(style).toContain(`--brand-focus-ring:${BRAND.focusRing};`);
    // antd's error colour is the theme's (AA on white), not antd's default red.
    expect(themeVariableValues()['--field-error']).toBe('#c62828');
    expect(tags.find((t) => t.tag === 'meta')!.attrs).toEqual({ name: 'theme-color', content: BRAND.primary });
  });

  it("defines every custom property the portal's stylesheets read, and no stylesheet writes the brand's colours out", () => {
    const defined = new Set<string>([...Object.keys(themeVariableValues()), ...setInStyles]);
    for (const { css } of sheets) for (const [, name] of css.matchAll(/(--[\w-]+)\s*:/g)) defined.add(name);
    const undefinedReads = sheets.flatMap(({ file, css }) =>
      [...css.matchAll(/var\((--[\w-]+)\s*[,)]/g)]
        .filter(([, name]) => !defined.has(name))
        .map(([, n]) => `${file}: ${n}`),
    );
    expect(undefinedReads).toEqual([]);
    const written = sheets
      .filter(({ css }) => [BRAND.primary, BRAND.focusRing].some((c) => css.toLowerCase().includes(c)))
      .map((s) => s.file);
    expect(written).toEqual([]);
  });
});
