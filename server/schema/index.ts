import { createSchema } from 'graphql-yoga';
import type { AppContext } from '../context';
import type { SchemaModule } from './schema-module';
import { systemSchema } from './system.schema';
import { authSchema } from './auth.schema';
import { propertySchema } from './property.schema';
import { propertyStatusSchema } from './property-status.schema';
import { propertyGroupSchema } from './property-group.schema';
import { adminSchema } from './admin.schema';
import { contactSchema } from './contact.schema';
import { ratesSchema } from './rates.schema';
import { reservationsSchema } from './reservations.schema';
import { trailsSchema } from './trails.schema';
import { usersSchema } from './users.schema';
import { imagesSchema } from './images.schema';
import { propertyRequestsSchema } from './property-requests.schema';
import { insightsSchema } from './insights.schema';
import { supportSchema } from './support.schema';
import { resourcesSchema } from '../resources/resources.schema';
import { RESOURCE_EXTENSIONS } from '../resources/extensions';
import { RESOURCES } from '../../resources/registry';
import type { ResourceDef } from '../../resources/define-resource';

/** The registry of schema modules; a new domain adds one line here. Defined resources come from resources/registry.ts. */
export const schemaModules: SchemaModule[] = [
  systemSchema,
  authSchema,
  propertySchema,
  propertyStatusSchema,
  propertyGroupSchema,
  adminSchema,
  contactSchema,
  ratesSchema,
  reservationsSchema,
  usersSchema,
  imagesSchema,
  propertyRequestsSchema,
  insightsSchema,
  supportSchema,
];

export function buildSchema(modules: SchemaModule[] = schemaModules, resources: ResourceDef[] = RESOURCES) {
  const defined = resourcesSchema(resources, RESOURCE_EXTENSIONS);
  const all = [...modules, defined, trailsSchema(defined.runtimes)];
  return createSchema<AppContext>({
    typeDefs: all.map((m) => m.typeDefs),
    resolvers: all.map((m) => m.resolvers),
  });
}
