import { useQuery } from '@tanstack/react-query';
import { loadAppConfig } from '../lib/app-config';

/** Where the runtime settings live in the portal's query cache (a drawn page comes with them: src/first-screen/draw.server.tsx). */
export const APP_CONFIG_KEY = ['app-config'] as const;

/** Runtime settings the server shares with the page (GET /app-config), as a query a page can wait on. */
export function useAppConfig() {
  return useQuery({ queryKey: APP_CONFIG_KEY, queryFn: loadAppConfig, staleTime: Infinity });
}
