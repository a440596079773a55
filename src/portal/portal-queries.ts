import type { QueryClientConfig } from '@tanstack/react-query';
import { readAgainOnMount } from '../first-screen/first-reads';

/**
 * The portal's query cache settings (Refine's reactQuery.clientConfig), the same for the server's
 * drawing of a page: no retries, and a page taking over the server's drawing does not read again
 * what the drawing was just read from (src/first-screen/first-reads.tsx).
 */
export const PORTAL_QUERIES: QueryClientConfig = {
  defaultOptions: { queries: { retry: false, refetchOnMount: readAgainOnMount } },
};
