import type { Config } from '../config';

/** What the page needs to know at run time (GET /app-config): legacy host, support details, hotel sites. */
export function appConfig(config: Config) {
  const sites = (config.HOTEL_SITES ?? '')
    .split(',')
    .map((entry) => entry.split('|').map((s) => s.trim()))
    .filter(([label, href]) => label && href);
  return {
    legacyAppUrl: config.LEGACY_APP_URL ?? null,
    /** The portal's error reporter's DSN (public by design); none: reporting off. */
    sentryDsn: config.PUBLIC_SENTRY_DSN ?? null,
    support: {
      ...(config.SUPPORT_EMAIL ? { email: config.SUPPORT_EMAIL } : {}),
      ...(config.SUPPORT_PHONE ? { phone: config.SUPPORT_PHONE } : {}),
      ...(config.SUPPORT_HOURS ? { hours: config.SUPPORT_HOURS } : {}),
    },
    hotelSites: sites.length ? sites.map(([label, href]) => ({ label, href })) : null,
  };
}
