import { z } from 'zod';
import { defineResource } from '../define-resource';
import { oneOf, optionalText, requiredText } from '../resource-fields';
import { INCLUSION_CATEGORIES } from './inclusion.enums';

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
  nav: { key: 'inclusions', label: 'Inclusions', action: 'manage' }, // spec §6: the page is for staff with the flag on
  schema: z.object({
    name: requiredText('Enter a name', 'Name', 100),
    description: optionalText('Description', 1000),
    category: oneOf(INCLUSION_CATEGORIES, 'Choose a category'),
  }),
  fields: [
    { name: 'name', label: 'Name', type: 'string', list: true, sort: true, filter: true },
    { name: 'description', label: 'Description', type: 'text', list: true },
    { name: 'category', label: 'Category', type: 'enum', options: INCLUSION_CATEGORIES, list: true, filter: true, initial: 'CUSTOM' },
  ],
});
