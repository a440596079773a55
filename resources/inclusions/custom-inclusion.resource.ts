import { defineResource } from '../define-resource';
import { choice, longText, text } from '../field-builders';
import { INCLUSION_CATEGORIES } from './inclusion.enums';
import { INCLUSION_MESSAGES } from './inclusion.messages';

/** Spec §2 inclusions: a property's own inclusions (CustomInclusion), kept by staff with the custom-inclusions flag on. */
export const customInclusionResource = defineResource({
  name: 'custom-inclusions',
  typeName: 'CustomInclusion',
  plural: 'CustomInclusions',
  label: 'Custom inclusions',
  singularLabel: 'Custom inclusion',
  subject: 'CustomInclusion',
  scope: 'property',
  titleField: 'name',
  defaultSort: 'NAME_ASC',
  routes: { list: 'inclusions', create: 'inclusions/create', edit: 'inclusions/:id' },
  nav: { key: 'inclusions', label: 'Inclusions', action: 'manage', after: 'room-types' }, // spec §6: the page is for staff with the flag on
  closedNotice: INCLUSION_MESSAGES.pageClosed,
  fields: {
    name: text({ label: 'Name', required: 'Enter a name', max: 100, list: true, sort: true, filter: true }),
    description: longText({ label: 'Description', max: 1000, list: true }),
    category: choice({
      label: 'Category',
      options: INCLUSION_CATEGORIES,
      required: 'Choose a category',
      list: true,
      filter: true,
      initial: 'CUSTOM',
    }),
  },
  sample: ({ propertyId }) =>
    propertyId === 1
      ? [
          { name: 'Harbour view guaranteed', category: 'ROOM' },
          { name: 'Ferry pass', category: 'TRANSPORT' },
        ]
      : [],
});
