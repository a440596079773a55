import type { IncomingMessage } from 'node:http';
import { clientAddress } from './http/client-address';
import { newBudget, type Budget } from './request-budget';
import { randomUUID } from 'node:crypto';
import { createYoga, maskError, type Plugin } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { createFetch } from '@whatwg-node/fetch';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { NoSchemaIntrospectionCustomRule, getOperationAST } from 'graphql';
import type { AppContext, AppServices, RequestInfo } from './context';
import { buildSchema, schemaModules } from './schema';
import { RESOURCES } from '../resources/registry';
import type { ResourceDef } from '../resources/define-resource';
import type { SchemaModule } from './schema/schema-module';
import { resolveViewer } from './session';
import { RequestCookies } from './auth/cookies';
import type { Viewer } from './context';
import { databaseUnavailable, isDatabaseLoss, useErrorLog, useViewAsReadOnly } from './graphql-guards';
import { useNoNullCharacters, useNoSuggestions } from './graphql-input-guards';
import { describeCause } from './db/connection-loss';

type RequestState = {
  correlationId: string;
  cookies: RequestCookies;
  viewer?: Promise<Viewer | null>;
  budget: Budget;
};

export const BATCH_LIMIT = 5;
export const CORRELATION_HEADER = 'x-correlation-id';
const CORRELATION_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export type GraphqlApp = ReturnType<typeof createGraphqlApp>;
export type CorsOptions = {
  origin: string[];
  credentials: boolean;
  methods: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
};

/**
 * The request's logger, made when something logs, not on every request. A proxy rather than a
 * getter: Yoga copies the context object, and a copy reads every getter (a pino child each request).
 */
function lazyChild(log: AppServices['log'], correlationId: string): AppServices['log'] {
  let child: AppServices['log'] | undefined;
  return new Proxy({} as AppServices['log'], {
    get(_, key) {
      child ??= log.child({ correlationId });
      const value = Reflect.get(child, key, child);
      return typeof value === 'function' ? value.bind(child) : value;
    },
  });
}

/** The GraphQL endpoint with the baseline every operation inherits. Used by the HTTP server and by tests. */
export function createGraphqlApp(
  services: AppServices,
  modules: SchemaModule[] = schemaModules,
  resources: ResourceDef[] = RESOURCES,
) {
  const { config, log } = services;
  // Batch members share one Request: they share its correlation id, cookies and signed-in viewer.
  const perRequest = new WeakMap<RequestInfo, RequestState>();
  const stateFor = (request: RequestInfo): RequestState => {
    let state = perRequest.get(request);
    if (!state) {
      const sent = request.headers.get(CORRELATION_HEADER);
      const cookies = new RequestCookies(request.headers.get('cookie'), config.isProduction);
      state = { correlationId: sent && CORRELATION_ID.test(sent) ? sent : randomUUID(), cookies, budget: newBudget() };
      perRequest.set(request, state);
    }
    return state;
  };
  const viewerFor = (request: RequestInfo) => {
    const state = stateFor(request);
    return (state.viewer ??= resolveViewer(services, request, state.cookies));
  };

  // Yoga's plugin list mixes plugins typed for different contexts.
  const plugins: Plugin<any>[] = [
    useCSRFPrevention({ requestHeaders: [CORRELATION_HEADER] }),
    EnvelopArmorPlugin({
      maxDepth: { n: 12 },
      // Every alias counts, __typename's too (armor skips it by default: 101 of them were answered in full).
      maxAliases: { n: 15, allowList: [] },
      maxDirectives: { n: 10 },
      maxTokens: { n: 3000 },
      costLimit: { maxCost: 5000 },
      blockFieldSuggestion: { enabled: true },
    }),
    useNoSuggestions(),
    useNoNullCharacters(),
    useErrorLog(),
    useViewAsReadOnly(),
    // Each query is compiled to a function once (kept in an LRU) instead of walking the document per request.
    // Mutations stay on graphql-js: it stops a mutation at the first failing root field (each login alias
    // is an attempt), where the compiled code would run the rest.
    useGraphQlJit(
      {},
      { enableIf: ({ document, operationName }) => getOperationAST(document, operationName)?.operation === 'query' },
    ),
    {
      onResponse({ request, response }) {
        const state = stateFor(request);
        // The cause was logged where it happened; this line ties the 500 the client saw to its correlation id.
        if (response.status >= 500)
          log.error({ correlationId: state.correlationId, status: response.status }, 'Request failed');
        response.headers.set(CORRELATION_HEADER, state.correlationId);
        for (const line of state.cookies.outgoing) response.headers.append('set-cookie', line);
      },
    },
  ];
  // A validation rule rather than Yoga's request hook, so it holds on every path into the schema (HTTP, direct lane, WebSocket).
  if (config.isProduction)
    plugins.push({
      onValidate: ({
        addValidationRule,
      }: {
        addValidationRule: (rule: typeof NoSchemaIntrospectionCustomRule) => void;
      }) => addValidationRule(NoSchemaIntrospectionCustomRule),
    });

  // Only listed origins get CORS headers; any other Origin gets none at all (not even "null").
  const cors = (request: RequestInfo): CorsOptions | false => {
    const origin = request.headers.get('origin');
    if (!origin || !config.ALLOWED_ORIGINS.includes(origin)) return false;
    return {
      origin: [origin],
      credentials: true,
      methods: ['POST', 'GET', 'OPTIONS'],
      allowedHeaders: ['content-type', 'authorization', 'refresh', CORRELATION_HEADER],
      exposedHeaders: [CORRELATION_HEADER],
    };
  };

  const yoga = createYoga<AppServices, AppContext>({
    schema: buildSchema(modules, resources),
    graphqlEndpoint: '/graphql',
    graphiql: !config.isProduction,
    landingPage: false,
    batching: { limit: BATCH_LIMIT },
    maskedErrors: {
      isDev: false,
      // A lost database is not a bug: the caller gets a clear error it may retry instead of "Unexpected error.".
      maskError: (error, message) =>
        error instanceof GraphQLError && isDatabaseLoss(error.originalError)
          ? databaseUnavailable(error)
          : maskError(error, message, false),
    },
    logging: false,
    cors,
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
    context: async ({ request, req }: { request: RequestInfo; req?: IncomingMessage }) => {
      const { correlationId, cookies, budget } = stateFor(request);
      let viewer: Viewer | null;
      try {
        viewer = await viewerFor(request);
      } catch (error) {
        // Before execution there is no resolver to log it: the cause is logged here, with the correlation id.
        if (isDatabaseLoss(error)) {
          log.error(
            { correlationId, event: 'db.unavailable', cause: describeCause(error) },
            'Database unavailable while reading the session',
          );
          throw databaseUnavailable();
        }
        log.error(
          { correlationId, err: { message: (error as Error).message, stack: (error as Error).stack } },
          'Unexpected error while reading the session',
        );
        throw error;
      }
      const address = clientAddress(req, config.TRUST_PROXY);
      const context = { ...services, correlationId, cookies, viewer, request, budget, address } as AppContext;
      context.log = lazyChild(log, correlationId);
      return context;
    },
  });
  // The direct lane (http/graphql-lane.ts) runs the same pipeline and needs the same per-request state and CORS answer.
  return Object.assign(yoga, { requestState: stateFor, cors });
}
