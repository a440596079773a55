import { Alert } from 'antd';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { RATES_LOADED_DAYS } from '../../resources/domain';
import { daysBetween } from '../../resources/rates-inventory/rates-inventory.schema';
import type { Calendar } from './rates-model';

/**
 * The days from today through RATES_LOADED_DAYS ahead with no rooms to sell or no rate on any plan:
 * what keeps the room from selling. One day more than the server's count, which starts tomorrow in
 * UTC (a day that may be today here), so the notice never says loaded when publishing would not.
 */
export function unloadedDays(cal: Calendar): string[] {
  const start = daysBetween(cal.from, cal.firstEditable);
  const days: string[] = [];
  for (let i = start; i <= start + RATES_LOADED_DAYS && i < cal.roomsToSell.length; i++)
    if (cal.roomsToSell[i] == null || !cal.plans.some((p) => p.rate[i] != null))
      days.push(dayjs(cal.from).add(i, 'day').format('YYYY-MM-DD'));
  return days;
}

/** Says when the calendar is not loaded for the next RATES_LOADED_DAYS (a step before publishing) and offers bulk update. */
export function RatesLoadedNotice({ cal }: { cal: Calendar }) {
  const missing = unloadedDays(cal);
  if (!missing.length) return null;
  const all = missing.length >= RATES_LOADED_DAYS;
  const first = dayjs(missing[0]).format('D MMM YYYY');
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      style={{ marginBottom: 12 }}
      message={
        all
          ? `Nothing is loaded for the next ${RATES_LOADED_DAYS} days: this room type has no rooms to sell or rates yet.`
          : `${missing.length} of the next ${RATES_LOADED_DAYS} days have no rooms to sell or no rate (the first is ${first}).`
      }
      description={
        cal.canEdit ? (
          <>
            The property can be published once every room type is loaded for the next {RATES_LOADED_DAYS} days.{' '}
            <Link to="bulk-update">Bulk update</Link> fills a range of dates at once.
          </>
        ) : (
          `The property can be published once every room type is loaded for the next ${RATES_LOADED_DAYS} days.`
        )
      }
    />
  );
}
