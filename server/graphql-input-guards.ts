import { GraphQLError, visit, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { userError } from './errors';
import type { AppContext } from './context';
import { FORM_MESSAGES } from '../resources/messages';

export const NULL_CHARACTER_MESSAGE = 'Remove the null character from this field.';

// graphql-js suggests near names ("Did you mean the enum value "NAME_ASC"?"), which maps the schema for a
// caller without introspection. Armor's blocker misses enum values and errors raised while coercing variables.
const SUGGESTION = /\s*Did you mean [^?]*\?/g;
const strip = <E extends Error>(error: E): E => {
  if (SUGGESTION.test(error.message)) error.message = error.message.replace(SUGGESTION, '').trim();
  return error;
};

/**
 * Removes every "Did you mean …?" from validation and execution errors, and answers a document
 * that fails validation with its first error only: ten duplicated directives are one refusal, not
 * ten errors to build and send.
 */
export function useNoSuggestions(): Plugin {
  return {
    onValidate:
      () =>
      ({ valid, result, setResult }) => {
        if (!valid) setResult(result.slice(0, 1).map(strip));
      },
    onExecute: ({ args }) => ({
      onExecuteDone({ result, setResult }) {
        if (Symbol.asyncIterator in result) return;
        const { errors } = result as ExecutionResult;
        if (!errors?.length) return;
        const variables = variableNames(args.document);
        setResult({ ...(result as ExecutionResult), errors: errors.map((e) => asFieldError(strip(e), variables)) });
      },
    }),
  };
}

// graphql-js's refusals of a variable that does not fit its input type, such as
// 'Variable "$input" got invalid value "x" at "input.cells[0].field"; Value "x" does not exist in "RatesCellField" enum.'
const COERCION =
  /^Variable "\$([^"]+)" (?:got invalid value .*? at "([^"]+)"; |got invalid value [^;]*; |of [^;]*)(.*)$/s;
const NAMED_FIELD = /^Field "([^"]+)" of required type/;

const variableNames = (document: DocumentNode) =>
  new Set(
    document.definitions.flatMap((d) =>
      d.kind === 'OperationDefinition' ? (d.variableDefinitions ?? []).map((v) => v.variable.name.value) : [],
    ),
  );

/**
 * A variable refused by its input type (a wrong type, an unknown field, a missing one, a value
 * outside an enum) answers like the schema's own checks: BAD_USER_INPUT with graphql-js's reason as
 * the message and keyed by field ('cells.0.field'; 'input' for the variable itself), so callers read one error shape.
 * graphql-jit (the hot lane) names the refused field itself as the variable and gives no path.
 */
export function asFieldError(error: GraphQLError, variables: ReadonlySet<string>): GraphQLError {
  const match = error.path ? null : COERCION.exec(error.message);
  if (!match) return error;
  const [, variable, at, reason] = match;
  if (!at && !variables.has(variable))
    return userError(reason || error.message, 'BAD_USER_INPUT', { [variable]: [reason || error.message] });
  const path = (at ?? variable)
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .slice(1);
  const missing = NAMED_FIELD.exec(reason);
  if (missing) path.push(missing[1]);
  return userError(reason || error.message, 'BAD_USER_INPUT', {
    [path.join('.') || 'input']: [reason || error.message],
  });
}

/** How deep a request's variables may nest: far more than any input of the API needs, far less than a stack. */
export const MAX_INPUT_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request's input nests more than ${MAX_INPUT_DEPTH} levels deep.`;

/**
 * PostgreSQL text cannot hold U+0000, so a null character anywhere in a string argument would fail
 * deep in a query as "Unexpected error."; it is refused up front as an error on that field. Input
 * nested deeper than MAX_INPUT_DEPTH is refused too (HTTP 400), before anything walks it recursively.
 */
export function useNoNullCharacters(): Plugin {
  const refuse = (problem: Problem) =>
    ({
      errors: [
        problem.kind === 'depth'
          ? new GraphQLError(TOO_DEEP_MESSAGE, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } })
          : userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', { [problem.field]: [NULL_CHARACTER_MESSAGE] }),
      ],
    }) as ExecutionResult;
  const check = (document: DocumentNode, variables: unknown): Problem | null => {
    const inValues = inspectValue(variables);
    if (inValues) return inValues;
    const field = findInDocument(document);
    return field ? { kind: 'nul', field } : null;
  };
  const guard = ({
    args,
    setResultAndStopExecution,
  }: {
    args: { document: DocumentNode; variableValues?: unknown; contextValue: unknown };
    setResultAndStopExecution: (result: ExecutionResult) => void;
  }) => {
    const problem = check(args.document, args.variableValues);
    if (!problem) return;
    if (problem.kind === 'depth') {
      const ctx = args.contextValue as Partial<AppContext>;
      ctx.log?.warn({ correlationId: ctx.correlationId, limit: MAX_INPUT_DEPTH }, 'Input refused: nested too deep');
    }
    setResultAndStopExecution(refuse(problem));
  };
  return { onExecute: guard as never, onSubscribe: guard as never };
}

type Problem = { kind: 'depth' } | { kind: 'nul'; field: string };

/** Walks the variables without recursion: too deep, or the name of the innermost field holding a null character, or null. */
export function inspectValue(root: unknown): Problem | null {
  const stack: [unknown, string, number][] = [[root, 'input', 0]];
  while (stack.length) {
    const [value, name, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', field: name };
    } else if (value && typeof value === 'object') {
      // An uploaded file (a Blob, whose parts are byte arrays) is bytes, not input: walking it indexed millions of bytes.
      if (
        ArrayBuffer.isView(value) ||
        value instanceof ArrayBuffer ||
        typeof (value as Blob).arrayBuffer === 'function'
      )
        continue;
      if (depth >= MAX_INPUT_DEPTH) return { kind: 'depth' };
      const entries: [string, unknown][] = Array.isArray(value) ? value.map((v) => [name, v]) : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], entries[i][0], depth + 1]);
    }
  }
  return null;
}

/** Documents come from the parse cache, so each is walked once, not on every request that sends it. */
const documentNulls = new WeakMap<DocumentNode, string | null>();

function findInDocument(document: DocumentNode): string | null {
  let found = documentNulls.get(document);
  if (found === undefined) documentNulls.set(document, (found = walkDocument(document)));
  return found;
}

function walkDocument(document: DocumentNode): string | null {
  const names: string[] = [];
  let found: string | null = null;
  visit(document, {
    Argument: { enter: (node) => void names.push(node.name.value), leave: () => void names.pop() },
    ObjectField: { enter: (node) => void names.push(node.name.value), leave: () => void names.pop() },
    StringValue(node) {
      if (!found && node.value.includes('\u0000')) found = names.at(-1) ?? 'input';
    },
  });
  return found;
}
