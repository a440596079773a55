import type { MailMessage } from './mailer';
import { escapeHtml, layout } from './templates';

type About = { propertyName: string; link: string };

function mail(to: string, kind: string, subject: string, paragraphs: string[], link: About['link'], action: string) {
  return {
    to,
    kind,
    subject,
    text: [...paragraphs, `${action}: ${link}`].join('\n\n'),
    html: layout(
      subject,
      [...paragraphs.map(escapeHtml), `<a href="${escapeHtml(link)}">${escapeHtml(action)}</a>`],
      'You receive this because you look after this property on the Hotel Extranet.',
    ),
  } satisfies MailMessage;
}

/** To staff: a hotel asks to go live; the link opens the property's home, where they publish or send it back. */
export const goLiveRequestedMail = (to: string, o: About & { requester: string }) =>
  mail(
    to,
    'go-live.requested',
    `${o.propertyName} asks to go live`,
    [`${o.requester} completed every step for ${o.propertyName} and asks for it to be published.`],
    o.link,
    'Review the property',
  );

/** To the hotel: staff published the property. */
export const goLivePublishedMail = (to: string, o: About) =>
  mail(
    to,
    'go-live.published',
    `${o.propertyName} is live`,
    [`${o.propertyName} is published and can now be booked.`],
    o.link,
    'Open the property',
  );

/** To the hotel: staff sent the request back, saying what to change. */
export const goLiveReturnedMail = (to: string, o: About & { reason: string }) =>
  mail(
    to,
    'go-live.returned',
    `${o.propertyName} needs changes before it goes live`,
    [`Our team reviewed ${o.propertyName} and asks for these changes before publishing it:`, o.reason],
    o.link,
    'Open the property',
  );

/** To staff: a hotel asks for a new name; the link opens the Property overview, where they rename or decline. */
export const nameChangeRequestedMail = (to: string, o: About & { requester: string; name: string; note: string }) =>
  mail(
    to,
    'name-change.requested',
    `${o.propertyName} asks to be renamed`,
    [`${o.requester} asks for ${o.propertyName} to be renamed to ${o.name}:`, o.note],
    o.link,
    'Review the name change',
  );

/** To the hotel: staff renamed the property as asked. */
export const nameChangeRenamedMail = (to: string, o: About & { before: string }) =>
  mail(
    to,
    'name-change.renamed',
    `${o.before} is now ${o.propertyName}`,
    [`${o.before} has been renamed to ${o.propertyName}, as you asked.`],
    o.link,
    'Open the property',
  );

/** To the hotel: staff declined the new name, saying why. */
export const nameChangeDeclinedMail = (to: string, o: About & { name: string; reason: string }) =>
  mail(
    to,
    'name-change.declined',
    `${o.propertyName} keeps its name`,
    [`Our team did not rename ${o.propertyName} to ${o.name}:`, o.reason],
    o.link,
    'Open the property',
  );
