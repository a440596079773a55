import { defineResource } from '../define-resource';
import { choice, flag, longText, text } from '../field-builders';
import { INCLUSION_BADGES, INCLUSION_CATEGORIES } from './inclusion.enums';

const CATALOGUE: [string, string, string | null, boolean][] = [
  ['Daily breakfast for two', 'FOODANDDRINKS', 'POPULAR', false],
  ['Welcome drink on arrival', 'FOODANDDRINKS', null, false],
  ['Bottle of sparkling wine', 'FOODANDDRINKS', 'BONUS', false],
  ['$50 dining credit', 'FOODANDDRINKS', 'POPULAR', false],
  ['Late check-out (2 pm)', 'ROOM', 'POPULAR', false],
  ['Early check-in (noon)', 'ROOM', null, false],
  ['Room upgrade on arrival', 'ROOM', 'BONUS', false],
  ['Free Wi-Fi', 'GENERIC', 'DEPRECATED', false],
  ['Valet parking', 'PROPERTY', null, false],
  ['Airport transfers', 'TRANSPORT', null, false],
  ['Kids eat free', 'KIDS', 'POPULAR', false],
  ['Kids club access', 'KIDS', null, false],
  ['60-minute massage', 'WELLNESS', 'BONUS', false],
  ['Day spa access', 'WELLNESS', null, false],
  ['Bike hire', 'LEISURE', null, false],
  ['Guided city walk', 'EXPERIENCES', 'UNKNOWN', false],
  ['Sunset cruise for two', 'EXPERIENCES', null, true],
  ['Private chef dinner', 'FOODANDDRINKS', null, true],
  ['Helicopter scenic flight', 'EXPERIENCES', null, true],
];

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
  fields: {
    name: text({ label: 'Name', required: 'Enter a name', max: 100, list: true, sort: true, filter: true }),
    description: longText({ label: 'Description', max: 1000 }),
    category: choice({
      label: 'Category',
      options: INCLUSION_CATEGORIES,
      required: 'Choose a category',
      list: true,
      sort: true,
      filter: true,
    }),
    badge: choice({ label: 'Badge', options: INCLUSION_BADGES, message: 'Choose a badge', list: true, filter: true }),
    expanded: flag({ label: 'Expanded catalogue only' }),
  },
  sample: () =>
    CATALOGUE.map(([name, category, badge, expanded]) => ({ name, category, badge, expanded, description: null })),
});
