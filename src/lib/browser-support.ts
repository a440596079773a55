/** Spec §9: the oldest browsers we support. */
export const MINIMUM_BROWSERS = { chrome: 132, edge: 132, firefox: 134, safari: 18.2 } as const;

/** False for a browser older than the minimums; unknown browsers get the benefit of the doubt. */
export function isSupportedBrowser(userAgent: string): boolean {
  const version = (re: RegExp) => {
    const m = re.exec(userAgent);
    return m ? Number(`${m[1]}.${m[2] ?? 0}`) : null;
  };
  const edge = version(/Edg\/(\d+)(?:\.(\d+))?/);
  if (edge !== null) return edge >= MINIMUM_BROWSERS.edge;
  const firefox = version(/Firefox\/(\d+)(?:\.(\d+))?/);
  if (firefox !== null) return firefox >= MINIMUM_BROWSERS.firefox;
  const chrome = version(/Chrom(?:e|ium)\/(\d+)(?:\.(\d+))?/);
  if (chrome !== null) return chrome >= MINIMUM_BROWSERS.chrome;
  const safari = /Safari\//.test(userAgent) ? version(/Version\/(\d+)(?:\.(\d+))?/) : null;
  if (safari !== null) return safari >= MINIMUM_BROWSERS.safari;
  return true;
}
