import { describe, expect, it } from 'vitest';
import { offeredInclusions } from '../../resources/inclusions/inclusion-offer';

const option = (value: string, badge: string | null) => ({ value, label: value, row: { badge } });
const catalogue = [option('1', 'POPULAR'), option('2', 'DEPRECATED'), option('3', null), option('4', 'DEPRECATED')];

describe('the inclusions a rate plan is offered (issue 25)', () => {
  it('leaves deprecated entries out of a new plan', () => {
    expect(offeredInclusions(catalogue, new Set()).map((o) => o.value)).toEqual(['1', '3']);
  });
  it('keeps a deprecated entry the plan already holds, and no other', () => {
    expect(offeredInclusions(catalogue, new Set(['2', '3'])).map((o) => o.value)).toEqual(['1', '2', '3']);
  });
});
