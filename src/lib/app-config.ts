import type { SUPPORT } from '../../resources/support';

/** Runtime settings the server shares with the page (GET /app-config, server/http/app-config.ts). */
export type AppConfig = {
  legacyAppUrl: string | null;
  sentryDsn?: string | null;
  support?: Partial<Record<keyof typeof SUPPORT, string>>;
  hotelSites?: { label: string; href: string }[] | null;
};

let loading: Promise<AppConfig> | null = null;

/**
 * GET /app-config once per page load, for all its readers (the error reporter, the footer's support
 * details, the legacy redirects). A read that failed is tried again by the next reader.
 */
export function loadAppConfig(): Promise<AppConfig> {
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
