import { seedImages } from './seed-images';
import type { MediaStore } from '../media/media-store';
import { randomBytes } from 'node:crypto';
import { seedRates } from './seed-rates';
import { seedReservations } from './seed-reservations';
import { createApiKey } from '../reservations/api-keys';
import type { Db, Queryable } from './client';
import {
  FEATURE_FLAGS,
  PROPERTY_STATUSES,
  PUBLISHABLE_KEYS,
  type InventoryProvider,
  type PropertyStatus,
} from '../../resources/domain';
import { seedResources } from './seed-resources';
import { withCancellationText } from '../../resources/properties/policy-fields';
import { createProperty, createPropertyGroup, createUser, grantRole, setFeatureFlag } from '../ops/operator-ops';

/** Every demo account signs in with this password (listed in the README). */
export const DEMO_PASSWORD = 'Extranet#2026';
/** The demo booking system's key for property 1 (like the demo passwords, for a local demo only). */
export const DEMO_API_KEY = 'hxk_demo000001_demo-booking-system-key-for-property-1';

export const DEMO_ACCOUNTS = [
  { email: 'staff@extranet.example', firstName: 'Sam', lastName: 'Staff', role: 'staff' },
  { email: 'admin@harbourview.example', firstName: 'Ava', lastName: 'Admin', role: 'property_admin' },
  { email: 'editor@harbourview.example', firstName: 'Eli', lastName: 'Editor', role: 'property_editor' },
  { email: 'viewer@harbourview.example', firstName: 'Vera', lastName: 'Viewer', role: 'property_viewer' },
  { email: 'supplier@harbourview.example', firstName: 'Sol', lastName: 'Supplier', role: 'supplier' },
  { email: 'group.admin@coastal.example', firstName: 'Grace', lastName: 'Group-Admin', role: 'property_group_admin' },
  { email: 'group.editor@coastal.example', firstName: 'Gus', lastName: 'Group-Editor', role: 'property_group_editor' },
  { email: 'group.viewer@coastal.example', firstName: 'Gia', lastName: 'Group-Viewer', role: 'property_group_viewer' },
] as const;

/** Accounts in the states the sign-in flow treats specially, each a viewer of property 1. */
export const DEMO_SPECIAL_ACCOUNTS = [
  {
    email: 'expired@harbourview.example',
    firstName: 'Ezra',
    lastName: 'Expired',
    note: 'password last reset 120 days ago: forced reset',
  },
  {
    email: 'first.login@harbourview.example',
    firstName: 'Fay',
    lastName: 'Newcomer',
    note: 'first login: sent to /user-details',
  },
  {
    email: 'unverified@harbourview.example',
    firstName: 'Uma',
    lastName: 'Unverified',
    note: 'email not confirmed: banner',
  },
] as const;

/** A property admin of a property whose inventory comes from a channel (derbysoft): its rates are read-only in the portal. */
export const DEMO_CHANNEL_ACCOUNT = {
  email: 'admin@hobartlodge.example',
  firstName: 'Hal',
  lastName: 'Hobart',
  note: 'property_admin of property 4 (Hobart Lodge, derbysoft: rates and inventory read-only)',
} as const;

const PLACES = [
  ['Sydney', 'Australia'],
  ['Melbourne', 'Australia'],
  ['Brisbane', 'Australia'],
  ['Hobart', 'Australia'],
  ['Byron Bay', 'Australia'],
  ['Noosa Heads', 'Australia'],
  ['Cairns', 'Australia'],
  ['Perth', 'Australia'],
  ['Adelaide', 'Australia'],
  ['Queenstown', 'New Zealand'],
  ['Auckland', 'New Zealand'],
  ['Denarau', 'Fiji'],
] as const;
const KINDS = ['Harbour Hotel', 'Beach Resort', 'Grand', 'Lodge', 'Suites', 'Boutique Hotel'];
const PROVIDERS: InventoryProvider[] = ['extranet', 'extranet', 'siteconnect', 'derbysoft', 'expedia', 'pegasus'];

/** The secrets demo data is made with: the README's for a local demo, generated ones when a production deployment asks for demo data. */
export type DemoSecrets = { password: string; apiKey?: string };
export const README_SECRETS: DemoSecrets = { password: DEMO_PASSWORD, apiKey: DEMO_API_KEY };
/** A password the policy accepts and nobody has read in a README. */
export const generatedSecrets = (): DemoSecrets => ({ password: `Demo#${randomBytes(12).toString('base64url')}7x` });

/** Fills an empty database with a realistic portfolio; does nothing when any user exists. Answers the booking key it made. */
export async function seedDemoData(
  db: Db,
  options: { rates?: boolean; secrets?: DemoSecrets; media?: MediaStore } = {},
): Promise<{ apiKey: string } | false> {
  const { password, apiKey } = options.secrets ?? README_SECRETS;
  return db.transaction(async (tx) => {
    const [{ count }] = await tx.query<{ count: number }>('select count(*)::int as count from users');
    if (count > 0) return false as const;
    for (const [key, enabled] of Object.entries(FEATURE_FLAGS)) await setFeatureFlag(tx, key, enabled);

    const coastal = await createPropertyGroup(tx, 'Coastal Collection');
    const harbour = await createPropertyGroup(tx, 'Harbourview Hotels');
    const first = await addProperty(tx, 0, 'PUBLISHED', harbour);
    await addProperty(tx, 1, 'ONBOARDING', harbour);
    const coastalIds: number[] = [];
    for (let i = 0; i < 7; i++) coastalIds.push(await addProperty(tx, i + 2, PROPERTY_STATUSES[i % 6], coastal));
    for (let i = 0; i < 17; i++) await addProperty(tx, i + 9, PROPERTY_STATUSES[i % 6]);

    for (const account of DEMO_ACCOUNTS) {
      await createUser(tx, { ...account, password, staff: account.role === 'staff' });
      if (account.role === 'staff') continue;
      if (account.role.startsWith('property_group_')) {
        await grantRole(tx, {
          target: 'group',
          email: account.email,
          role: account.role as never,
          propertyGroupId: coastal,
        });
      } else {
        await grantRole(tx, {
          target: 'property',
          email: account.email,
          role: account.role as never,
          propertyId: first,
        });
      }
    }
    for (const account of DEMO_SPECIAL_ACCOUNTS) {
      await createUser(tx, {
        ...account,
        password,
        emailVerified: account.email !== 'unverified@harbourview.example',
        flags: account.email === 'first.login@harbourview.example' ? ['FIRST_LOGIN'] : [],
      });
      await grantRole(tx, { target: 'property', email: account.email, role: 'property_viewer', propertyId: first });
    }
    await tx.query(
      "update users set password_reset_at = now() - interval '120 days' where email = 'expired@harbourview.example'",
    );
    await createUser(tx, { ...DEMO_CHANNEL_ACCOUNT, password });
    const derby = coastalIds[1]; // n = 3: PROVIDERS[3] is derbysoft
    await grantRole(tx, {
      target: 'property',
      email: DEMO_CHANNEL_ACCOUNT.email,
      role: 'property_admin',
      propertyId: derby,
    });
    await seedPortalFacts(tx);
    await seedResources(tx);
    await seedImages(tx, options.media);
    await seedReservations(tx);
    const key = await createApiKey(tx, {
      name: 'Demo booking system',
      allProperties: false,
      propertyIds: [1],
      key: apiKey,
    });
    // 18 months of rates take PGlite ~2 s: API test apps leave them out unless they ask (tests/support/test-app.ts).
    if (options.rates ?? true) await seedRates(tx);
    return { apiKey: key.key };
  });
}

async function addProperty(tx: Queryable, n: number, status: PropertyStatus, propertyGroupId?: number) {
  const [suburb, country] = PLACES[n % PLACES.length];
  const name = `${suburb} ${KINDS[n % KINDS.length]}`;
  const id = await createProperty(tx, {
    name,
    status,
    suburb,
    country,
    currencyCode: country === 'Australia' ? 'AUD' : country === 'Fiji' ? 'FJD' : 'NZD',
    inventoryProvider: PROVIDERS[n % PROVIDERS.length],
    propertyGroupId,
    ratesServiceEnabled: n % 5 !== 4,
    ratePlansServiceEnabled: n % 7 !== 6,
  });
  const slug = suburb.toLowerCase().replace(/\s+/g, '');
  const contacts = n % 3 === 2 ? ['PRIMARY'] : ['PRIMARY', 'RESERVATION', 'BILLING'];
  for (const type of contacts) {
    const who =
      type === 'PRIMARY' ? 'General Manager' : type === 'RESERVATION' ? 'Reservations Manager' : 'Accounts Payable';
    await tx.query(
      `insert into contacts (property_id, contact_type, name, position, email, phone, confirmation_emails, vcc_in_email)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        type,
        `${who.split(' ')[0]} ${suburb}`,
        who,
        `${type.toLowerCase()}@${slug}.example`,
        '+61290000000',
        type === 'RESERVATION' ? true : null,
        type === 'RESERVATION' ? n % 2 === 0 : null,
      ],
    );
  }
  return id;
}

/** Every section but the contacts, which come from their own rows. */
const SECTIONS = PUBLISHABLE_KEYS.filter((k) => !k.endsWith('Contact'));

/** Which sections each property has completed, fx rates, and a previous property for one of them. */
async function seedPortalFacts(tx: Queryable) {
  const rows = await tx.query<{ id: number; status: string }>('select id, status from properties order by id');
  for (const { id, status } of rows) {
    // Live properties are complete; onboarding ones are part-way; prospects have nothing yet.
    const done = ['PUBLISHED', 'UNPUBLISHED', 'ARCHIVED'].includes(status)
      ? SECTIONS
      : status === 'ONBOARDING'
        ? SECTIONS.slice(0, 2 + (id % 4))
        : status === 'INVITED'
          ? SECTIONS.slice(0, 1)
          : [];
    await tx.query('update properties set completed_sections = $2 where id = $1', [id, done]);
  }
  const [onboardingComplete] = await tx.query<{ id: number }>(
    "select id from properties where status = 'ONBOARDING' order by id limit 1",
  );
  if (onboardingComplete)
    await tx.query('update properties set completed_sections = $2 where id = $1', [onboardingComplete.id, SECTIONS]);
  await seedDetails(tx);
  await tx.query(
    "update properties set previous_property_id = (select min(id) from properties where status = 'ARCHIVED') where id = 1",
  );
  for (const [code, rate] of [
    ['NZD', 1.0875],
    ['FJD', 1.4713],
    ['USD', 0.6532],
  ] as const) {
    await tx.query('insert into fx_rates (currency_code, exchange_rate) values ($1, $2)', [code, rate]);
  }
}

const COORDINATES: Record<string, [number, number, string]> = {
  Sydney: [-33.8688, 151.2093, 'Australia/Sydney'],
  Melbourne: [-37.8136, 144.9631, 'Australia/Melbourne'],
  Brisbane: [-27.4698, 153.0251, 'Australia/Brisbane'],
  Hobart: [-42.8821, 147.3272, 'Australia/Hobart'],
  'Byron Bay': [-28.6474, 153.602, 'Australia/Sydney'],
  'Noosa Heads': [-26.3941, 153.0901, 'Australia/Brisbane'],
  Cairns: [-16.9186, 145.7781, 'Australia/Brisbane'],
  Perth: [-31.9523, 115.8613, 'Australia/Perth'],
  Adelaide: [-34.9285, 138.6007, 'Australia/Adelaide'],
  Queenstown: [-45.0312, 168.6626, 'Pacific/Auckland'],
  Auckland: [-36.8485, 174.7633, 'Pacific/Auckland'],
  Denarau: [-17.7706, 177.3829, 'Pacific/Fiji'],
};

/** The terms the sample rate plans carry (rate-plan.resource.ts), as a property's standard terms. */
const SAMPLE_PLAN_TERMS = [
  { daysBeforeArrival: 7, penaltyPercent: 50 },
  { daysBeforeArrival: 1, penaltyPercent: 100 },
];

/** Details for the sections a property is recorded as having completed, so the pages agree with the flags. */
async function seedDetails(tx: Queryable) {
  const rows = await tx.query<{
    id: number;
    name: string;
    suburb: string;
    country: string;
    completed_sections: string[];
  }>('select id, name, suburb, country, completed_sections from properties order by id');
  for (const p of rows) {
    const done = new Set(p.completed_sections);
    const [lat, lng, timezone] = COORDINATES[p.suburb] ?? [-33.8688, 151.2093, 'Australia/Sydney'];
    const sections: Record<string, unknown> = {
      facilities: {
        facilities: ['Free Wi-Fi', 'Restaurant', 'Bar', ...(p.id % 2 ? ['Pool', 'Gym'] : ['Spa', 'Parking'])],
        ...(p.id % 2
          ? { parking: 'NONE', pool: 'YEAR_ROUND' }
          : { parking: 'PAID', parkingPlace: 'ON_SITE', pool: 'NONE' }),
        breakfast: p.id % 3 ? 'PAID' : 'INCLUDED',
        wifi: 'FREE',
        wifiArea: 'EVERYWHERE',
      },
      'commercial-terms': { paymentMethod: p.id % 3 ? 'vcc' : 'invoice', commissionPercent: 12 + (p.id % 4) },
    };
    if (done.has('propertyOverview')) {
      sections.overview = {
        description: `${p.name} offers relaxed stays in the heart of ${p.suburb}, with friendly service and rooms for every kind of trip.`,
        propertyType: p.name.includes('Resort') ? 'Resort' : p.name.includes('Lodge') ? 'Lodge' : 'Hotel',
        starRating: 3.5 + (p.id % 3) * 0.5,
        ratingType: p.id % 2 ? 'AAA' : 'SELF_RATED',
      };
    }
    if (done.has('propertyLocation')) {
      sections.location = {
        addressLine1: `${10 + p.id} Harbour Street`,
        addressLine2: null,
        suburb: p.suburb,
        state: null,
        postcode: null,
        country: p.country,
        latitude: lat,
        longitude: lng,
        timezone,
      };
    }
    if (done.has('propertyPolicies')) {
      sections.policies = {
        checkInFrom: '14:00',
        checkInUntil: '22:00',
        checkOutBy: '10:00',
        minCheckInAge: 18,
        checkInPolicy: 'Photo ID and a credit card are needed at check-in.',
        childrenAllowed: 'WELCOME',
        childrenPolicy: 'Children of all ages are welcome.',
        petsAllowed: 'NOT_ALLOWED',
        petsPolicy: 'Assistance animals only.',
        deposit: 'AT_CHECK_IN',
        depositAmount: 200,
        taxesAndFees: 'INCLUDED',
        // Every other property states its terms as its rate plans do; the rest keep a policy in words.
        ...(p.id % 2
          ? {
              cancellationPolicy:
                'Free cancellation up to 48 hours before arrival; after that the first night is charged.',
            }
          : withCancellationText({ cancellationTiers: SAMPLE_PLAN_TERMS })),
      };
    }
    await tx.query('insert into property_details (property_id, sections) values ($1, $2)', [
      p.id,
      JSON.stringify(sections),
    ]);
  }
}
