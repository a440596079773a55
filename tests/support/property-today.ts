import { dayIn, propertyZone } from '../../resources/property-day';

/** Today at a property the factories make (in Australia, with no zone of its own): Sydney's day, not UTC's. */
export const factoryToday = (country = 'Australia') => dayIn(propertyZone({ country }));
