import { useEffect } from 'react';
import { useParams } from 'react-router';
import { usePrefetchGql } from '../portal/use-gql';
import { parsePropertyId, propertyQuery } from './property-outlet';

/**
 * Opening a property's address: its own read (the layout's, under the same key) starts beside the
 * session check instead of after it, one round trip fewer before the page. Rendered by the routes
 * outside RequireAuth; a visitor who is not signed in is sent to sign in as before, and the read's
 * refusal is only kept in the cache.
 */
export function PropertyReadAhead() {
  const id = parsePropertyId(useParams().propertyId);
  const prefetch = usePrefetchGql();
  useEffect(() => {
    if (id !== null) void prefetch(...propertyQuery(id));
  }, [id, prefetch]);
  return null;
}
