import type { IResolvers } from '@graphql-tools/utils';
import type { AppContext } from '../context';

/** One domain's slice of the API: its SDL and its resolvers. */
export type SchemaModule = {
  typeDefs: string;
  resolvers: IResolvers<unknown, AppContext>;
};

/**
 * A root field answered by a domain function `(ctx, args)`: the arguments are typed by that function
 * (GraphQL has already checked their shape against the schema; the function's zod schema checks values).
 */
export const resolveWith =
  <A, R>(fn: (ctx: AppContext, args: A) => R) =>
  (_parent: unknown, args: A, ctx: AppContext) =>
    fn(ctx, args);

/** A mutation whose one `input` argument goes to a domain function that parses it. */
export const resolveInput =
  <R>(fn: (ctx: AppContext, input: unknown) => R) =>
  (_parent: unknown, { input }: { input: unknown }, ctx: AppContext) =>
    fn(ctx, input);
