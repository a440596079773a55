import { useEffect, useRef, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useLocation, useOutletContext, useParams } from 'react-router';
import type { PropertyOutletContext } from '../layouts/property-outlet';
import type { ManagedProperty } from '../../resources/properties/property.documents';
import { useAppConfig } from '../portal/app-config';

type Params = Record<string, string | undefined>;

/**
 * Spec §2's legacy table: with LEGACY_APP_URL set and the row's condition met, the browser goes to
 * the legacy path on that host, query string kept. Otherwise the portal's own page is shown, or
 * `without` when the condition holds but there is no legacy host (a page that exists only while a
 * service is on).
 */
export function LegacyRoute({
  to,
  when = () => true,
  without,
  children,
}: {
  to: (params: Params, property: ManagedProperty) => string;
  when?: (property: ManagedProperty) => boolean;
  without?: ReactNode;
  children: ReactNode;
}) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const params = useParams();
  const { search } = useLocation();
  const config = useAppConfig();
  const host = config.data?.legacyAppUrl;
  const target = host && when(property) ? new URL(to(params, property), host) : null;
  if (target) target.search = search;
  const href = target?.toString() ?? null;
  const left = useRef<string | null>(null);
  useEffect(() => {
    // Once per target: a re-render must not start a second navigation.
    if (href && left.current !== href) {
      left.current = href;
      window.location.replace(href);
    }
  }, [href]);
  // Only a page that may leave for the legacy app waits for the config; the others render at once.
  if ((config.isLoading && when(property)) || href)
    return <Spin tip={href ? 'Opening the previous extranet…' : undefined} />;
  if (without !== undefined && when(property) && !config.isLoading) return <>{without}</>;
  return <>{children}</>;
}
