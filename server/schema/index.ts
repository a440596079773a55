import { createSchema } from 'graphql-yoga';
import type { AppContext } from '../context';
import type { SchemaModule } from './schema-module';
import { systemSchema } from './system.schema';
import { authSchema } from './auth.schema';
import { propertySchema } from './property.schema';
import { propertyGroupSchema } from './property-group.schema';
import { adminSchema } from './admin.schema';
import { contactSchema } from './contact.schema';

/** The registry of schema modules; a new domain adds one line here. */
export const schemaModules: SchemaModule[] = [systemSchema, authSchema, propertySchema, propertyGroupSchema, adminSchema, contactSchema];

export function buildSchema(modules: SchemaModule[] = schemaModules) {
  return createSchema<AppContext>({
    typeDefs: modules.map((m) => m.typeDefs),
    resolvers: modules.map((m) => m.resolvers),
  });
}
