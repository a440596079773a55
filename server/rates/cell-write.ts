import type { CellField } from '../../resources/rates-inventory/rates-inventory.schema';

/** One cell's new value as text ('0' as ratePlanId: the room type's rooms to sell); `expected`: what the editor saw, when it says. */
export type CellWrite = {
  ratePlanId: string;
  day: string;
  field: CellField;
  value: string | null;
  expected?: string | null;
};
