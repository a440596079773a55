import { useQuery } from '@tanstack/react-query';
import { loadAppConfig } from '../lib/app-config';

/** Runtime settings the server shares with the page (GET /app-config), as a query a page can wait on. */
export function useAppConfig() {
  return useQuery({ queryKey: ['app-config'], queryFn: loadAppConfig, staleTime: Infinity });
}
