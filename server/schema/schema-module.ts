import type { IResolvers } from '@graphql-tools/utils';
import type { AppContext } from '../context';

/** One domain's slice of the API: its SDL and its resolvers. */
export type SchemaModule = {
  typeDefs: string;
  resolvers: IResolvers<unknown, AppContext>;
};
