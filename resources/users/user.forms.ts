import { z } from 'zod';
import { choice, email, fieldSet, text } from '../field-builders';
import { ROLES, type MembershipRole } from '../domain';
import { DIRECTIONS, ROLE_LABELS, USER_SORTS, USER_STATUSES, type UserStatus } from './user-rules';

const MESSAGES = {
  enterEmail: 'Enter an email',
  validEmail: 'Enter a valid email',
  enterFirstName: 'Enter a first name',
  enterLastName: 'Enter a last name',
  chooseRole: 'Choose a role',
} as const;

const roleOptions = (roles: readonly string[]) =>
  roles.map((value) => ({ value, label: ROLE_LABELS[value as MembershipRole] ?? value }));

const roleField = (roles: readonly string[]) =>
  choice({ label: 'Role', required: MESSAGES.chooseRole, options: roleOptions(roles) });

/** The invite form: who, and the role they get (the roles offered are the ones the inviter may grant). */
export const inviteFields = (roles: readonly string[]) =>
  fieldSet({
    email: email({
      label: 'Email',
      required: MESSAGES.enterEmail,
      invalid: MESSAGES.validEmail,
      max: 254,
      autoComplete: 'off',
    }),
    firstName: text({ label: 'First name', required: MESSAGES.enterFirstName, max: 100 }),
    lastName: text({ label: 'Last name', required: MESSAGES.enterLastName, max: 100 }),
    role: roleField(roles),
  });

/** Changing a member's role: one field. */
export const roleFields = (roles: readonly string[]) => fieldSet({ role: roleField(roles) });

/** What the API takes: any role (so a refused one gets its reason, not a bare "invalid"), and one scope. */
export const inviteInput = (roles: readonly string[]) =>
  inviteFields(roles)
    .schema.extend({
      propertyId: z.number().int().min(1).nullish(),
      propertyGroupId: z.number().int().min(1).nullish(),
    })
    .strict();

/** The users list's query (spec §3 user sort and direction): one property's users or one group's. */
export const userQuerySchema = z
  .object({
    propertyId: z.number().int().min(1).nullish(),
    propertyGroupId: z.number().int().min(1).nullish(),
    sort: z.enum(USER_SORTS).default('created_at'),
    direction: z.enum(DIRECTIONS).default('asc'),
    role: z.enum(ROLES).nullish(),
    status: z.enum(USER_STATUSES as [UserStatus, ...UserStatus[]]).nullish(),
  })
  .strict();
export type UserQuery = z.output<typeof userQuerySchema>;
