import { openDb } from '../../server/db/client';
import { USER_DOCS } from '../../resources/users/user.documents';
import type { Running } from './processes';
import { benchGql } from './sessions';
import { percentiles, type Samples } from './reservations-bench';

/**
 * Issue 28's rows: a property's users page with 300 members and 50 open invitations (the five sorts
 * both ways, role and status filters, one read at a time), and a role change through the command path.
 */
export const BENCH_MEMBERS = 300;
export const BENCH_INVITATIONS = 50;
const ROUNDS = 10;
export type UsersBench = { list: Samples; roleChange: Samples; variants: number; members: number; invitations: number };

const VARIANTS: { input: Record<string, unknown>; atLeast: number }[] = [
  ...['created_at', 'id', 'name', 'role', 'status'].flatMap((sort) =>
    ['asc', 'desc'].map((direction) => ({ input: { sort, direction }, atLeast: BENCH_MEMBERS + BENCH_INVITATIONS })),
  ),
  { input: { role: 'property_editor' }, atLeast: 100 },
  { input: { status: 'invited' }, atLeast: BENCH_INVITATIONS },
  { input: { status: 'disabled', sort: 'name' }, atLeast: 10 },
];

/** With the server stopped: property 1 given 300 members (some disabled, with past sessions) and 50 invitations. */
async function prepareUsers(env: Record<string, string>) {
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  try {
    await db.query(
      `insert into users (email, first_name, last_name, password_hash)
       select 'bench.user.' || i || '@users.example', 'Bench', 'User ' || i, 'x' from generate_series(1, $1::int) i`,
      [BENCH_MEMBERS],
    );
    await db.query(
      `insert into memberships (user_id, property_id, role, disabled_at)
       select u.id, 1, (array['property_editor','property_viewer','supplier'])[1 + u.id % 3], case when u.id % 20 = 0 then now() end
         from users u where u.email like 'bench.user.%'`,
    );
    await db.query(
      `insert into sessions (user_id, expires_at, created_at)
       select u.id, now() + interval '1 day', now() - (u.id % 30) * interval '1 day' from users u where u.email like 'bench.user.%'`,
    );
    await db.query(
      `insert into invitations (email, first_name, last_name, property_id, role, token_hash, expires_at)
       select 'bench.invite.' || i || '@users.example', 'Invited', 'Person ' || i, 1, 'property_viewer', md5(i::text), now() + interval '7 days'
         from generate_series(1, $1::int) i`,
      [BENCH_INVITATIONS],
    );
    for (const t of ['users', 'memberships', 'sessions', 'invitations']) await db.query(`analyze ${t}`);
  } finally {
    await db.close();
  }
}

const post = (base: string, cookie: string, query: string, variables: Record<string, unknown>) =>
  benchGql(base, cookie, 'users', query, variables);

async function listLatency(base: string, cookie: string): Promise<Samples> {
  const times: number[] = [];
  for (let round = 0; round <= ROUNDS; round++)
    for (const v of VARIANTS) {
      const t = performance.now();
      const data = await post(base, cookie, USER_DOCS.list, { input: { propertyId: 1, ...v.input } });
      const elapsed = performance.now() - t;
      if (data.scopeUsers.nodes.length < v.atLeast)
        throw new Error(`users list ${JSON.stringify(v.input)}: ${data.scopeUsers.nodes.length} rows`);
      if (round > 0) times.push(elapsed);
    }
  return percentiles(times);
}

/** One member's role back and forth: each a real change with its history record. */
async function roleChangeLatency(base: string, cookie: string, memberId: number): Promise<Samples> {
  const times: number[] = [];
  for (let i = 0; i <= ROUNDS * 5; i++) {
    const role = i % 2 ? 'property_viewer' : 'property_editor';
    const t = performance.now();
    const data = await post(base, cookie, USER_DOCS.changeRole, { memberId, role });
    const elapsed = performance.now() - t;
    if (!data.changeUserRole.message.includes('is now')) throw new Error(`role change: ${JSON.stringify(data)}`);
    if (i > 0) times.push(elapsed);
  }
  return percentiles(times);
}

export async function usersBench(
  env: Record<string, string>,
  deps: { base: string; startOurs: () => Promise<Running>; signIn: () => Promise<string>; log: (s: string) => void },
): Promise<UsersBench> {
  await (await deps.startOurs()).stop(); // first start: migrations and demo data
  deps.log(`users: ${BENCH_MEMBERS} members and ${BENCH_INVITATIONS} invitations on property 1`);
  await prepareUsers(env);
  const ours = await deps.startOurs();
  try {
    const admin = await deps.signIn();
    deps.log('users: the list, one read at a time');
    const list = await listLatency(deps.base, admin);
    const first = await post(deps.base, admin, USER_DOCS.list, {
      input: { propertyId: 1, role: 'supplier', status: 'active' },
    });
    const member = first.scopeUsers.nodes.find((n: { memberId: number | null }) => n.memberId != null);
    if (!member) throw new Error('users bench: no member to change');
    deps.log('users: role changes');
    const roleChange = await roleChangeLatency(deps.base, admin, member.memberId);
    return { list, roleChange, variants: VARIANTS.length, members: BENCH_MEMBERS, invitations: BENCH_INVITATIONS };
  } finally {
    await ours.stop();
  }
}
