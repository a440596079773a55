import { useSyncExternalStore } from 'react';
import { Alert } from 'antd';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { isSupportedBrowser } from '../lib/browser-support';

const unchanging = () => () => {};
const unsupported = () => !isSupportedBrowser(navigator.userAgent);
/** The server drawing a page does not judge the browser; the page it drew is taken over without the banner, which then shows. */
const notJudged = () => false;

export function UnsupportedBrowserBanner() {
  if (!useSyncExternalStore(unchanging, unsupported, notJudged)) return null;
  return <Alert banner type="error" message={GENERIC_MESSAGES.unsupportedBrowser} />;
}
