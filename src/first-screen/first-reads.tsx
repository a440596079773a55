import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ViewerData } from '../../resources/auth/auth.documents';
import { identityOf } from '../../providers/auth-provider';
import { gqlKey } from '../portal/use-gql';
import { propertyKey } from '../layouts/property-outlet';
import { FIRST_READS_ID } from '../../resources/first-screen';
import { IDENTITY_KEY } from '../access/ability';

/**
 * The reads a page the server drew was drawn from (server/http/first-screen.ts): the signed-in
 * user's UserAttributes answer and, on a property's address, its ManageProperty answer. They come
 * with the page, so the portal's first render draws the same page from them instead of asking again.
 */
export type FirstReads = { viewer: ViewerData; property?: { id: number; answer: unknown } };

/** The page's reads, taken once: the element goes, so a later mount of the portal (after signing out) reads its own. */
export function takeFirstReads(): FirstReads | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_READS_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as FirstReads;
  } catch {
    return null;
  }
}

/**
 * Puts the reads in the portal's query cache before anything below reads it: the identity where
 * Refine's useGetIdentity keeps it, the property where the layout's useGql keeps it (fresh for
 * their usual time, then read again as any answer is).
 */
export function SeededReads({ reads, children }: { reads: FirstReads | null; children: ReactNode }) {
  const client = useQueryClient();
  useState(() => {
    if (!reads) return;
    client.setQueryData(IDENTITY_KEY, identityOf(reads.viewer));
    if (reads.property) client.setQueryData(gqlKey(propertyKey(reads.property.id)), { data: reads.property.answer });
  });
  return <>{children}</>;
}
