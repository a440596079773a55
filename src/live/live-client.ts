import { createClient, type Client } from 'graphql-ws';
import { liveSinceDrawn } from '../first-screen/drawn-reads';

/**
 * A graphql-ws client on the portal's own origin, retrying as graphql-ws does. After a reconnect
 * (the network dropped, the server restarted, or its database listener came back, issue 32) events
 * may have been missed: `onReconnect` lets the page read afresh rather than show stale data. So
 * may they have been on a page the server drew (read before the portal's code arrived): its first
 * connection reads afresh too.
 */
export function liveClient(onReconnect: () => void): Client {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  return createClient({
    url,
    lazy: false,
    retryAttempts: 20,
    on: { connected: (_socket, _payload, wasRetry) => (wasRetry || liveSinceDrawn()) && onReconnect() },
  });
}
