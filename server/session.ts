import type { AppServices, Viewer } from './context';

/** Reads the caller's session from the request. Until sign-in lands, every caller is anonymous. */
export async function resolveViewer(_services: AppServices, _request: Request): Promise<Viewer | null> {
  return null;
}
