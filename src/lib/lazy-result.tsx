import type { ResultProps } from 'antd';
import { lazyComponent } from './lazy-component';

/**
 * antd's Result, fetched the first time a screen shows one. Its illustrations for 403, 404 and 500
 * are 9 kB brotli that every signed-in page fetched before its first paint, for screens that only
 * show when something is wrong (a layout's not-found or load failure). Draws nothing for the
 * moment its chunk takes.
 */
export const LazyResult = lazyComponent<ResultProps>(() => import('antd/es/result'), 'default', null);
