import { CODE_VALID_MINUTES } from '../../resources/auth/password-policy';
import type { MailMessage } from './mailer';
import { BRAND } from '../../src/brand';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(
  title: string,
  paragraphs: string[],
  footer = "If you didn't ask for this, you can ignore this email.",
): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<h1 style="font-size:20px;color:${BRAND.primary}">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
}

export function signInCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    kind: 'sign-in-code',
    subject: `Your verification code: ${code}`,
    text: `Your verification code is ${code}. It is valid for ten minutes.`,
    html: layout('Your verification code', [
      `Your verification code is <strong style="font-size:22px;letter-spacing:3px">${code}</strong>.`,
      `It is valid for ${CODE_VALID_MINUTES === 10 ? 'ten' : CODE_VALID_MINUTES} minutes.`,
    ]),
  };
}

/** A reset code; `link` (a reset staff sent) opens the page where it is entered, with the email filled in. */
export function resetCodeMail(to: string, code: string, link?: string): MailMessage {
  const asked = link ? ' Our support team sent it at your request.' : '';
  return {
    to,
    kind: 'reset-code',
    subject: `Reset your password: ${code}`,
    text: `Your password reset code is ${code}. It is valid for ten minutes.${asked}${link ? ` Enter it at ${link}` : ''}`,
    html: layout('Reset your password', [
      `Your password reset code is <strong style="font-size:22px;letter-spacing:3px">${code}</strong>.`,
      `It is valid for ten minutes.${asked}`,
      ...(link ? [`<a href="${escapeHtml(link)}">Choose a new password</a>`] : []),
    ]),
  };
}

export function confirmEmailMail(to: string, link: string): MailMessage {
  return {
    to,
    kind: 'confirm-email',
    subject: 'Confirm your email address',
    text: `Confirm your email address by opening this link: ${link}`,
    html: layout('Confirm your email address', [
      `<a href="${escapeHtml(link)}">Confirm my email address</a>`,
      `Or open this link: ${escapeHtml(link)}`,
    ]),
  };
}

/** To the old address when someone signed in asks to move the account to another one. */
export function emailChangeNoticeMail(to: string, maskedNewEmail: string): MailMessage {
  return {
    to,
    kind: 'email-change-notice',
    subject: 'Your email address is being changed',
    text: `Someone signed in to your account asked to change its email address to ${maskedNewEmail}. The change happens only when the new address is confirmed. If this wasn't you, reset your password now and contact support.`,
    html: layout('Your email address is being changed', [
      `Someone signed in to your account asked to change its email address to ${escapeHtml(maskedNewEmail)}.`,
      'The change happens only when the new address is confirmed.',
      "If this wasn't you, reset your password now and contact support.",
    ]),
  };
}

/** To an address that already has an account, instead of a link that could never be confirmed. */
export function emailInUseMail(to: string): MailMessage {
  return {
    to,
    kind: 'email-in-use',
    subject: 'Someone tried to use your email address',
    text: 'Someone asked to move another extranet account to this email address, which already has an account, so nothing was changed.',
    html: layout('Someone tried to use your email address', [
      'Someone asked to move another extranet account to this email address, which already has an account, so nothing was changed.',
    ]),
  };
}
