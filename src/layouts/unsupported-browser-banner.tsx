import { Alert } from 'antd';
import { GENERIC_MESSAGES } from '../../resources/messages';
import { isSupportedBrowser } from '../lib/browser-support';

export function UnsupportedBrowserBanner() {
  if (typeof navigator === 'undefined' || isSupportedBrowser(navigator.userAgent)) return null;
  return <Alert banner type="error" message={GENERIC_MESSAGES.unsupportedBrowser} />;
}
