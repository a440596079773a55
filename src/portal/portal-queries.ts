import type { QueryClientConfig } from '@tanstack/react-query';

/** The portal's query cache settings (Refine's reactQuery.clientConfig), the same for the server's drawing of a page. */
export const PORTAL_QUERIES: QueryClientConfig = { defaultOptions: { queries: { retry: false } } };
