import { theme } from 'antd';
import type { Plugin } from 'vite';
import { BRAND } from '../src/brand';
import { THEME } from '../src/theme';

/**
 * The portal's own stylesheets take the brand and antd's field colours from the theme, as CSS
 * custom properties written into the page's head: `--brand`, `--brand-focus-ring`, and for the
 * browser's own fields drawn as antd's inputs (src/lib/native-field.css) `--field-border`,
 * `--field-hover`, `--field-focus`, `--field-error`, as antd derives them from the theme's tokens;
 * and the phone's browser bar in the brand's colour (theme-color).
 */
export function themeVariables(): Plugin {
  const css = `:root{${Object.entries(themeVariableValues())
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
  return {
    name: 'extranet-theme-variables',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: 'theme-color', content: BRAND.primary }, injectTo: 'head' },
      { tag: 'style', children: css, injectTo: 'head' },
    ],
  };
}

/** Each custom property and its value. */
export function themeVariableValues(): Record<`--${string}`, string> {
  const token = theme.getDesignToken(THEME);
  return {
    '--brand': BRAND.primary,
    '--brand-focus-ring': BRAND.focusRing,
    '--field-border': token.colorBorder,
    '--field-hover': token.colorPrimaryHover,
    '--field-focus': token.colorPrimary,
    '--field-error': token.colorError,
  };
}
