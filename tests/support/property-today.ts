import { dayIn, propertyZone } from '../../resources/property-day';

/** Today at a property in Australia with no zone of its own (what the factories make; the demo properties' zone): Sydney's day, not UTC's. */
export const factoryToday = (country = 'Australia') => dayIn(propertyZone({ country }));
