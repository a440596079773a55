import { on } from '../../abilities/define-ability';
import type { SchemaModule } from './schema-module';
import type { AppContext, Viewer } from '../context';
import { abilityFor, forbidden } from '../auth/authorize';
import { requireActiveViewer } from '../auth/guards';
import { loadProperties } from '../properties/property-repo';
import { userError } from '../errors';
import { containsPattern } from '../db/like';
import { page, pagination } from './property.schema';

type GroupRow = { id: number; name: string; total_properties: number; member: boolean };

/** A group its members can see: the name and size (for the back chevron), and membership, in one query. Others get NOT_FOUND. */
async function loadGroup(ctx: AppContext, id: unknown): Promise<GroupRow> {
  const viewer = requireActiveViewer(ctx);
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1)
    throw userError('Property group id must be an integer of at least 1.', 'BAD_USER_INPUT');
  const [row] = await ctx.db.query<GroupRow>(
    `select g.id, g.name, (select count(*)::int from properties p where p.property_group_id = g.id) as total_properties,
       exists (select 1 from live_memberships m left join properties p on p.id = m.property_id
               where m.user_id = $2 and (m.property_group_id = g.id or p.property_group_id = g.id)) as member
     from property_groups g where g.id = $1`,
    [id, viewer.id],
  );
  if (!row || !(viewer.isStaff || row.member)) throw userError('Property group not found.', 'NOT_FOUND');
  return row;
}

async function canViewDashboard(ctx: AppContext, id: number) {
  if ((await abilityFor(ctx)).cannot('view', on('PropertyGroup', { propertyGroupId: id }))) throw forbidden();
}

/** A group whose dashboard the caller may see (its members with 'view', and staff); NOT_FOUND or FORBIDDEN otherwise. */
export async function authorizeGroupDashboard(ctx: AppContext, id: unknown): Promise<GroupRow> {
  const group = await loadGroup(ctx, id);
  await canViewDashboard(ctx, group.id);
  return group;
}

/**
 * Groups whose dashboard the viewer may open, by name (issue 30's switcher): staff every group,
 * others the groups they administer (spec §6: the dashboard is the group admin's).
 */
async function findGroups(ctx: AppContext, search: unknown, limit: unknown): Promise<GroupRow[]> {
  const viewer = requireActiveViewer(ctx);
  const text = typeof search === 'string' ? search.trim() : '';
  if (text.length < 2 || text.length > 100)
    throw userError('Search groups with 2 to 100 characters.', 'BAD_USER_INPUT');
  const n = typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= 20 ? limit : 8;
  const rows = await ctx.db.query<GroupRow>(
    `select g.id, g.name, (select count(*)::int from properties p where p.property_group_id = g.id) as total_properties, true as member
       from property_groups g
      where g.name ilike $1 and ($2::boolean or exists (select 1 from live_memberships m
              where m.user_id = $3 and m.property_group_id = g.id))
      order by g.name, g.id limit $4`,
    [containsPattern(text), viewer.isStaff, viewer.id, n],
  );
  const ability = await abilityFor(ctx);
  return rows.filter((g) => ability.can('view', on('PropertyGroup', { propertyGroupId: g.id })));
}

/** Spec §7 PropertyGroup (id, name, totalProperties) and PropertyGroupPage (the dashboard, 5 a page). */
export const propertyGroupSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type PropertyGroup {
      id: Int!, name: String!, totalProperties: Int!
      properties(limit: Int = 5, offset: Int = 0): PropertyPage!
    }
    extend type Viewer {
      propertyGroup(propertyGroupId: Int!): PropertyGroup!
      "Groups whose dashboard the viewer may open (staff: every group), by a part of the name (2 to 100 characters); the switcher's groups."
      propertyGroups(search: String!, limit: Int = 8): [PropertyGroup!]!
    }
  `,
  resolvers: {
    Viewer: {
      propertyGroup: async (_v: Viewer, { propertyGroupId }: { propertyGroupId: number }, ctx: AppContext) =>
        loadGroup(ctx, propertyGroupId),
      propertyGroups: (_v: Viewer, args: { search: unknown; limit: unknown }, ctx: AppContext) =>
        findGroups(ctx, args.search, args.limit),
    },
    PropertyGroup: {
      totalProperties: (g: GroupRow) => g.total_properties,
      properties: async (g: GroupRow, args: { limit: number; offset: number }, ctx: AppContext) => {
        // The group was loaded and its membership checked by the parent field; the dashboard also needs 'view'.
        await canViewDashboard(ctx, g.id);
        const { limit, offset } = page(args.limit, args.offset);
        const nodes = await loadProperties(ctx.db, 'p.property_group_id = $1', [g.id], limit, offset);
        return { nodes, pagination: pagination(nodes.length, g.total_properties, limit, offset) };
      },
    },
  },
};
