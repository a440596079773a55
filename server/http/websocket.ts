import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/lib/use/ws';
import type { ExecutionArgs } from 'graphql';
import type { GraphqlApp } from '../app';
import type { AppContext } from '../context';
import type { PubSub } from '../pubsub';

type Enveloped = { execute: (a: ExecutionArgs) => unknown; subscribe: (a: ExecutionArgs) => unknown };

/** graphql-ws's close code for a socket whose session has ended: the client does not reconnect with it. */
export const SIGNED_OUT_CLOSE = { code: 4401, reason: 'Signed out' } as const;
/** Service Restart: graphql-ws reconnects, and the portal reads its page afresh (events may have been missed). */
export const RESYNC_CLOSE = { code: 1012, reason: 'Live updates resumed' } as const;

/**
 * graphql-ws on the same path as HTTP; the same plugins and context as Yoga. Foreign origins are
 * refused. Signing out (or a password reset, which ends every session of the user) closes the
 * sockets opened with that session at once; each event also checks access (server/live-access.ts).
 */
export function attachWebSocket(server: Server, yoga: GraphqlApp, allowedOrigins: string[], pubsub: PubSub) {
  const open = new Map<WebSocket, { sessionId: string; userId: number }>();
  const ended = pubsub.subscribe('session:ended');
  void (async () => {
    for await (const end of ended)
      for (const [socket, owner] of open)
        if (owner.sessionId === end.sessionId || owner.userId === end.userId) {
          open.delete(socket);
          socket.close(SIGNED_OUT_CLOSE.code, SIGNED_OUT_CLOSE.reason);
        }
  })();
  const wss = new WebSocketServer({
    server,
    path: '/graphql',
    maxPayload: 64 * 1024,
    verifyClient: ({ origin }: { origin?: string }) => !origin || allowedOrigins.includes(origin),
  });
  // The database listener was lost and is back: every socket reconnects, and its page reads afresh.
  const resync = pubsub.subscribe('live:resync');
  void (async () => {
    for await (const _ of resync)
      for (const socket of wss.clients) socket.close(RESYNC_CLOSE.code, RESYNC_CLOSE.reason);
  })();
  const disposable = useServer(
    {
      execute: (args) => (args.rootValue as Enveloped).execute(args) as never,
      subscribe: (args) => (args.rootValue as Enveloped).subscribe(args) as never,
      onSubscribe: async (ctx, msg) => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(ctx.extra.request.headers)) if (typeof v === 'string') headers.set(k, v);
        const request = new Request(`http://localhost${ctx.extra.request.url ?? '/graphql'}`, { headers });
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          request,
          req: ctx.extra.request,
          params: msg.payload,
        });
        const contextValue = (await contextFactory()) as AppContext;
        const socket = ctx.extra.socket;
        if (contextValue.viewer && !open.has(socket)) {
          open.set(socket, { sessionId: contextValue.viewer.sessionId, userId: contextValue.viewer.id });
          socket.once('close', () => open.delete(socket));
        }
        const args = {
          schema,
          operationName: msg.payload.operationName,
          document: parse(msg.payload.query),
          variableValues: msg.payload.variables,
          contextValue,
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        return errors.length ? errors : args;
      },
    },
    wss,
  );
  return {
    close: async () => {
      await ended.return?.();
      await resync.return?.();
      await disposable.dispose();
      wss.close();
    },
  };
}
