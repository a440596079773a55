import type { SUPPORT } from '../../resources/support';
import { readFirstReads } from '../first-screen/drawn-reads';

/** Runtime settings the server shares with the page (GET /app-config, server/http/app-config.ts). */
export type AppConfig = {
  legacyAppUrl: string | null;
  sentryDsn?: string | null;
  support?: Partial<Record<keyof typeof SUPPORT, string>>;
  hotelSites?: { label: string; href: string }[] | null;
};

/** Where the settings live in the portal's query cache, and in a drawn page's reads (src/first-screen/draw.server.tsx). */
export const APP_CONFIG_KEY = ['app-config'] as const;

/** The settings a drawn page came with: the server's drawing had them (server/http/first-screen.ts). */
function drawnAppConfig(): AppConfig | undefined {
  const query = readFirstReads()?.state.queries.find((q) => q.queryKey[0] === APP_CONFIG_KEY[0]);
  return query?.state.data as AppConfig | undefined;
}

let loading: Promise<AppConfig> | null = null;

/**
 * GET /app-config once per page load, for all its readers (the error reporter, the footer's support
 * details, the legacy redirects), or none on a drawn page, which came with the settings. A read that
 * failed is tried again by the next reader.
 */
export function loadAppConfig(): Promise<AppConfig> {
  const drawn = loading ? undefined : drawnAppConfig();
  if (drawn) loading = Promise.resolve(drawn);
  if (!loading) {
    loading = fetch('/app-config').then(async (res) => {
      if (!res.ok) throw new Error(`GET /app-config answered ${res.status}`);
      return (await res.json()) as AppConfig;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
