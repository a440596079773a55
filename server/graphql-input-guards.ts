import { visit, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { userError } from './errors';
import { FORM_MESSAGES } from '../resources/messages';

export const NULL_CHARACTER_MESSAGE = 'Remove the null character from this field.';

// graphql-js suggests near names ("Did you mean the enum value "NAME_ASC"?"), which maps the schema for a
// caller without introspection. Armor's blocker misses enum values and errors raised while coercing variables.
const SUGGESTION = /\s*Did you mean [^?]*\?/g;
const strip = <E extends Error>(error: E): E => {
  if (SUGGESTION.test(error.message)) error.message = error.message.replace(SUGGESTION, '').trim();
  return error;
};

/** Removes every "Did you mean …?" from validation and execution errors. */
export function useNoSuggestions(): Plugin {
  return {
    onValidate:
      () =>
      ({ valid, result, setResult }) => {
        if (!valid) setResult(result.map(strip));
      },
    onExecute: () => ({
      onExecuteDone({ result }) {
        if (!(Symbol.asyncIterator in result)) (result as ExecutionResult).errors?.forEach(strip);
      },
    }),
  };
}

/**
 * PostgreSQL text cannot hold U+0000, so a null character anywhere in a string argument would fail
 * deep in a query as "Unexpected error."; it is refused up front as an error on that field.
 */
export function useNoNullCharacters(): Plugin {
  const refuse = (field: string) =>
    ({
      errors: [userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', { [field]: [NULL_CHARACTER_MESSAGE] })],
    }) as ExecutionResult;
  const check = (document: DocumentNode, variables: unknown) =>
    findInValue(variables, 'input') ?? findInDocument(document);
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const field = check(args.document, args.variableValues);
      if (field) setResultAndStopExecution(refuse(field));
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const field = check(args.document, args.variableValues);
      if (field) setResultAndStopExecution(refuse(field));
    },
  };
}

/** The name of the innermost field holding a string with a null character, or null. */
function findInValue(value: unknown, name: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? name : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findInValue(item, name);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findInValue(item, key);
      if (found) return found;
    }
  }
  return null;
}

function findInDocument(document: DocumentNode): string | null {
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
