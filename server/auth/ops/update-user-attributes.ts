import { z } from 'zod';
import type { AppContext } from '../../context';
import { userError } from '../../errors';
import { requireActiveViewer } from '../guards';
import { phoneForSaving } from '../../../resources/auth/phone';
import { FORM_MESSAGES } from '../../../resources/messages';
import { runCommand } from '../../commands/run-command';
import { loadIdentity } from '../identity';
import { checkCurrentPassword, requestEmailChange } from './change-email';

const name = (label: string) =>
  z.string().trim().min(1, `Enter your ${label}`).max(100, `${label} must be 100 characters or less`);
const phone = z
  .string()
  .trim()
  .max(25, 'Phone number must be 25 characters or less')
  .transform((v) => phoneForSaving(v))
  .refine((v) => v === null || /^\+61\d{4,15}$/.test(v), 'Enter a valid phone number');

/** Attribute names a user may change on themselves, mapped to columns. */
const EDITABLE = {
  given_name: { column: 'first_name', schema: name('first name') },
  family_name: { column: 'last_name', schema: name('last name') },
  email: { column: 'email', schema: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email')) },
  phone_number: { column: 'phone_primary', schema: phone },
  'custom:phone_secondary': { column: 'phone_secondary', schema: phone },
  'custom:position': {
    column: 'position',
    schema: z
      .string()
      .trim()
      .max(100, 'Position must be 100 characters or less')
      .transform((v) => v || null),
  },
  'custom:flags': {
    column: 'flags',
    schema: z
      .string()
      .max(200)
      .transform((v) =>
        v
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      ),
  },
} as const;

export type AttributeInput = { name: string; value?: string | null };

/**
 * Updates the signed-in user's own attributes. An expired password allows none of it (spec §4). A new
 * email needs the current password and stays pending until its link is confirmed (change-email.ts).
 */
export async function updateUserAttributes(
  ctx: AppContext,
  args: { attributes: AttributeInput[]; currentPassword?: string | null },
) {
  const viewer = requireActiveViewer(ctx);
  if (args.attributes.length === 0 || args.attributes.length > Object.keys(EDITABLE).length) {
    throw userError('Give between 1 and 7 attributes.', 'BAD_USER_INPUT');
  }
  const changes = new Map<string, unknown>();
  const fields: Record<string, string[]> = {};
  for (const { name: attr, value } of args.attributes) {
    const spec = EDITABLE[attr as keyof typeof EDITABLE];
    if (!spec) throw userError(`Unknown attribute: ${attr.slice(0, 50)}`, 'BAD_USER_INPUT');
    const parsed = spec.schema.safeParse(value ?? '');
    if (!parsed.success) fields[attr] = [parsed.error.issues[0].message];
    else changes.set(spec.column, parsed.data);
  }
  if (Object.keys(fields).length) throw userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', fields);
  const flags = changes.get('flags') as string[] | undefined;
  if (flags?.some((f) => !viewer.flags.includes(f))) throw userError('Flags can only be cleared.', 'FORBIDDEN');

  const newEmail = changes.get('email') as string | undefined;
  changes.delete('email');
  const emailChanged = newEmail !== undefined && newEmail !== viewer.email;
  if (emailChanged) await checkCurrentPassword(ctx, viewer, args.currentPassword);
  if (changes.size) await saveColumns(ctx, viewer.id, changes);
  if (emailChanged) await requestEmailChange(ctx, viewer, newEmail);
  return { success: true, message: FORM_MESSAGES.saved };
}

async function saveColumns(ctx: AppContext, userId: number, changes: Map<string, unknown>) {
  const columns = [...changes.keys()];
  await runCommand(ctx, {
    authorize: () => userId,
    lock: async (tx) => (await loadIdentity(tx, userId)) as Record<string, unknown>,
    write: (tx) =>
      tx.query(
        `update users set ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1`,
        [userId, ...columns.map((c) => changes.get(c))],
      ),
    history: (_r, before) => ({
      action: 'user.update_attributes',
      subjectType: 'User',
      subjectId: userId,
      label: `User: ${String(before.email ?? userId)}`,
      before: Object.fromEntries(columns.map((c) => [c, before[c]])),
      after: Object.fromEntries(changes),
    }),
  });
}
