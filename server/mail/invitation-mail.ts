import type { MailMessage } from './mailer';
import { escapeHtml, layout } from './templates';
import { INVITATION_VALID_DAYS } from '../../resources/users/user-rules';

/** The invitation: who asked, to what, and the single-use link (valid for a week). */
export function invitationMail(
  to: string,
  o: { inviter: string; scopeName: string; roleLabel: string; link: string },
): MailMessage {
  const what = `${o.scopeName} as ${o.roleLabel}`;
  return {
    to,
    kind: 'invitation',
    subject: `You're invited to manage ${o.scopeName}`,
    text: [
      `${o.inviter} invited you to the Hotel Extranet to manage ${what}.`,
      `Accept the invitation: ${o.link}`,
      `The link works once and expires in ${INVITATION_VALID_DAYS} days.`,
    ].join('\n\n'),
    html: layout(
      `You're invited to manage ${o.scopeName}`,
      [
        `${escapeHtml(o.inviter)} invited you to the Hotel Extranet to manage <strong>${escapeHtml(what)}</strong>.`,
        `<a href="${escapeHtml(o.link)}">Accept the invitation</a>`,
        `Or open this link: ${escapeHtml(o.link)}`,
        `The link works once and expires in ${INVITATION_VALID_DAYS} days.`,
      ],
      "If you weren't expecting this, you can ignore this email.",
    ),
  };
}
