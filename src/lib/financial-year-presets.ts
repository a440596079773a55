import dayjs from 'dayjs';
import { financialYear } from '../../resources/timings';

/** Spec §9's financial year (1 July – 30 June) as a date range's presets: this one and the last. */
export const FINANCIAL_YEAR_PRESETS = () =>
  (
    [
      ['This financial year', 0],
      ['Last financial year', 1],
    ] as const
  ).map(([label, back]) => {
    const fy = financialYear(dayjs().format('YYYY-MM-DD'), back);
    return { label, value: [dayjs(fy.from), dayjs(fy.to)] as [dayjs.Dayjs, dayjs.Dayjs] };
  });
