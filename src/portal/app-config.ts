import { useQuery } from '@tanstack/react-query';
import { APP_CONFIG_KEY, loadAppConfig } from '../lib/app-config';

/** Runtime settings the server shares with the page (GET /app-config), as a query a page can wait on. */
export function useAppConfig() {
  return useQuery({ queryKey: APP_CONFIG_KEY, queryFn: loadAppConfig, staleTime: Infinity });
}
