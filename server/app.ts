import { randomUUID } from 'node:crypto';
import { createYoga, type Plugin } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { createFetch } from '@whatwg-node/fetch';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { AppContext, AppServices } from './context';
import { buildSchema, schemaModules } from './schema';
import { RESOURCES } from '../resources/registry';
import type { ResourceDef } from '../resources/define-resource';
import type { SchemaModule } from './schema/schema-module';
import { resolveViewer } from './session';
import { RequestCookies } from './auth/cookies';
import type { Viewer } from './context';

type RequestState = { correlationId: string; cookies: RequestCookies; viewer?: Promise<Viewer | null> };

export const BATCH_LIMIT = 5;
export const CORRELATION_HEADER = 'x-correlation-id';
const CORRELATION_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export type GraphqlApp = ReturnType<typeof createGraphqlApp>;

/** The GraphQL endpoint with the baseline every operation inherits. Used by the HTTP server and by tests. */
export function createGraphqlApp(services: AppServices, modules: SchemaModule[] = schemaModules, resources: ResourceDef[] = RESOURCES) {
  const { config, log } = services;
  // Batch members share one Request: they share its correlation id, cookies and signed-in viewer.
  const perRequest = new WeakMap<Request, RequestState>();
  const stateFor = (request: Request): RequestState => {
    let state = perRequest.get(request);
    if (!state) {
      const sent = request.headers.get(CORRELATION_HEADER);
      const cookies = new RequestCookies(request.headers.get('cookie'), config.isProduction);
      state = { correlationId: sent && CORRELATION_ID.test(sent) ? sent : randomUUID(), cookies };
      perRequest.set(request, state);
    }
    return state;
  };
  const viewerFor = (request: Request) => {
    const state = stateFor(request);
    return (state.viewer ??= resolveViewer(services, request, state.cookies));
  };

  // Yoga's plugin list mixes plugins typed for different contexts.
  const plugins: Plugin<any>[] = [
    useCSRFPrevention({ requestHeaders: [CORRELATION_HEADER] }),
    EnvelopArmorPlugin({
      maxDepth: { n: 12 },
      maxAliases: { n: 15 },
      maxDirectives: { n: 20 },
      maxTokens: { n: 3000 },
      costLimit: { maxCost: 5000 },
      blockFieldSuggestion: { enabled: true },
    }),
    useErrorLog(),
    {
      onResponse({ request, response }) {
        const state = stateFor(request);
        response.headers.set(CORRELATION_HEADER, state.correlationId);
        for (const line of state.cookies.outgoing) response.headers.append('set-cookie', line);
      },
    },
  ];
  if (config.isProduction) plugins.push(useDisableIntrospection());

  const yoga = createYoga<AppServices, AppContext>({
    schema: buildSchema(modules, resources),
    graphqlEndpoint: '/graphql',
    graphiql: !config.isProduction,
    landingPage: false,
    batching: { limit: BATCH_LIMIT },
    maskedErrors: { isDev: false },
    logging: false,
    // Only listed origins get CORS headers; any other Origin gets none at all (not even "null").
    cors: (request) => {
      const origin = request.headers.get('origin');
      if (!origin || !config.ALLOWED_ORIGINS.includes(origin)) return false;
      return {
        origin: [origin],
        credentials: true,
        methods: ['POST', 'GET', 'OPTIONS'],
        allowedHeaders: ['content-type', 'authorization', 'refresh', CORRELATION_HEADER],
        exposedHeaders: [CORRELATION_HEADER],
      };
    },
    fetchAPI: createFetch({
      formDataLimits: {
        fileSize: config.MAX_UPLOAD_BYTES,
        files: config.MAX_UPLOAD_FILES,
        fieldSize: config.MAX_BODY_BYTES,
        fields: 20,
        headerSize: 4096,
      },
    }),
    plugins,
    context: async ({ request }) => {
      const { correlationId, cookies } = stateFor(request);
      const viewer = await viewerFor(request);
      return { ...services, correlationId, cookies, viewer, request, log: log.child({ correlationId }) };
    },
  });
  return yoga;
}

/** Logs the real cause of every unexpected error with its correlation id; the client sees only a generic message. */
function useErrorLog(): Plugin<AppContext> {
  return {
    onExecute() {
      return {
        onExecuteDone({ args, result }) {
          const results = Symbol.asyncIterator in result ? [] : [result];
          for (const r of results) {
            for (const error of r.errors ?? []) {
              const original = error.originalError;
              if (!original || original instanceof GraphQLError) continue;
              args.contextValue.log.error(
                { err: { message: original.message, stack: original.stack }, path: error.path?.join('.') },
                'Unexpected error in resolver',
              );
            }
          }
        },
      };
    },
  };
}
