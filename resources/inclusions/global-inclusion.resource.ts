import { z } from 'zod';
import { defineResource } from '../define-resource';
import { flag, oneOf, optionalOneOf, optionalText, requiredText } from '../resource-fields';
import { INCLUSION_BADGES, INCLUSION_CATEGORIES } from './inclusion.enums';

/**
 * The global inclusions catalogue (spec §3 GlobalInclusion): one list for every property, read by
 * everyone signed in, kept by staff. Entries marked expanded are offered only with the
 * expanded-global-inclusions flag on.
 */
export const globalInclusionResource = defineResource({
  name: 'global-inclusions',
  typeName: 'GlobalInclusion',
  plural: 'GlobalInclusions',
  label: 'Global inclusions',
  singularLabel: 'Global inclusion',
  subject: 'GlobalInclusion',
  scope: 'global',
  titleField: 'name',
  defaultSort: 'NAME_ASC',
  pageSize: 100,
  schema: z.object({
    name: requiredText('Enter a name', 'Name', 100),
    description: optionalText('Description', 1000),
    category: oneOf(INCLUSION_CATEGORIES, 'Choose a category'),
    badge: optionalOneOf(INCLUSION_BADGES, 'Choose a badge'),
    expanded: flag(),
  }),
  fields: [
    { name: 'name', label: 'Name', type: 'string', list: true, sort: true, filter: true },
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'category', label: 'Category', type: 'enum', options: INCLUSION_CATEGORIES, list: true, sort: true, filter: true },
    { name: 'badge', label: 'Badge', type: 'enum', options: INCLUSION_BADGES, list: true, filter: true },
    { name: 'expanded', label: 'Expanded catalogue only', type: 'boolean' },
  ],
});
