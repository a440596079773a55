import { useEffect, useState } from 'react';
import { FOOTER_LINKS, SUPPORT } from '../../resources/support';
import { loadAppConfig } from './app-config';
import { afterFirstPaint } from './after-first-paint';

export type SupportSettings = Record<keyof typeof SUPPORT, string> & { sites: { label: string; href: string }[] };

const DEFAULTS: SupportSettings = {
  ...SUPPORT,
  sites: FOOTER_LINKS.filter((l) => 'external' in l).map(({ label, href }) => ({ label, href })),
};

let loaded: Promise<SupportSettings> | null = null;
function load(): Promise<SupportSettings> {
  return (loaded ??= loadAppConfig()
    .then((c) => ({ ...DEFAULTS, ...c.support, sites: c.hotelSites ?? DEFAULTS.sites }))
    .catch(() => DEFAULTS));
}

/** Support details and hotel sites: the operator's settings (SUPPORT_*, HOTEL_SITES), else the defaults. */
export function useSupport(): SupportSettings {
  const [settings, setSettings] = useState(DEFAULTS);
  useEffect(() => {
    let live = true;
    // The defaults are drawn first; the operator's settings are asked for once the page is on screen.
    const cancel = afterFirstPaint(() => void load().then((s) => live && setSettings(s)));
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return settings;
}
