import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { installTrackingListeners, trackPageView } from '../lib/tracking';

/** Mounted once at the root: page views on route changes, clicks and form submissions. */
export function Tracking() {
  const { pathname } = useLocation();
  useEffect(() => installTrackingListeners(), []);
  useEffect(() => trackPageView(pathname), [pathname]);
  return null;
}
