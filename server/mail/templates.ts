import { CODE_VALID_MINUTES } from '../../resources/auth/password-policy';
import type { MailMessage } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<h1 style="font-size:20px;color:#0b3954">${escape(title)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p style="color:#6b7280;font-size:12px">If you didn't ask for this, you can ignore this email.</p>
</body></html>`;
}

export function signInCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your verification code: ${code}`,
    text: `Your verification code is ${code}. It is valid for ten minutes.`,
    html: layout('Your verification code', [`Your verification code is <strong style="font-size:22px;letter-spacing:3px">${code}</strong>.`, `It is valid for ${CODE_VALID_MINUTES === 10 ? 'ten' : CODE_VALID_MINUTES} minutes.`]),
  };
}

export function resetCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Reset your password: ${code}`,
    text: `Your password reset code is ${code}. It is valid for ten minutes.`,
    html: layout('Reset your password', [`Your password reset code is <strong style="font-size:22px;letter-spacing:3px">${code}</strong>.`, 'It is valid for ten minutes.']),
  };
}

export function confirmEmailMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email address',
    text: `Confirm your email address by opening this link: ${link}`,
    html: layout('Confirm your email address', [`<a href="${escape(link)}">Confirm my email address</a>`, `Or open this link: ${escape(link)}`]),
  };
}
