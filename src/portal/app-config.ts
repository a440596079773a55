import { useQuery } from '@tanstack/react-query';

export type AppConfig = { legacyAppUrl: string | null; sentryDsn?: string | null };

/** Runtime settings the server shares with the page (GET /app-config). */
export function useAppConfig() {
  return useQuery({
    queryKey: ['app-config'],
    queryFn: async (): Promise<AppConfig> => {
      const res = await fetch('/app-config');
      if (!res.ok) throw new Error('app-config');
      return res.json();
    },
    staleTime: Infinity,
  });
}
