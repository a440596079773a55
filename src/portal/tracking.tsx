import { useEffect } from 'react';
import { useNav } from '../lib/navigation';
import { installTrackingListeners, trackPageView } from '../lib/tracking';

/** Mounted once at the root (under a nav: the router's, or sign-in's own): page views on route changes, clicks and form submissions. */
export function Tracking() {
  const { pathname } = useNav();
  useEffect(() => installTrackingListeners(), []);
  useEffect(() => trackPageView(pathname), [pathname]);
  return null;
}
