import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/lib/use/ws';
import type { ExecutionArgs } from 'graphql';
import type { GraphqlApp } from '../app';

type Enveloped = { execute: (a: ExecutionArgs) => unknown; subscribe: (a: ExecutionArgs) => unknown };

/** graphql-ws on the same path as HTTP; the same plugins and context as Yoga. Foreign origins are refused. */
export function attachWebSocket(server: Server, yoga: GraphqlApp, allowedOrigins: string[]) {
  const wss = new WebSocketServer({
    server,
    path: '/graphql',
    maxPayload: 64 * 1024,
    verifyClient: ({ origin }: { origin?: string }) => !origin || allowedOrigins.includes(origin),
  });
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
          params: msg.payload,
        });
        const args = {
          schema,
          operationName: msg.payload.operationName,
          document: parse(msg.payload.query),
          variableValues: msg.payload.variables,
          contextValue: await contextFactory(),
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
      await disposable.dispose();
      wss.close();
    },
  };
}
