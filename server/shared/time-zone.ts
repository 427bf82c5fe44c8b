/**
 * The shop's own time zone: order dates, coupon end dates and account activity are told in it,
 * whatever the server's zone, so that staff and customers read the same day and hour.
 */
export const SHOP_TIME_ZONE = 'Europe/Brussels';

/** A date formatter in the culture and the shop's time zone. */
export function shopDateFormat(culture: string, options: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(culture, { ...options, timeZone: SHOP_TIME_ZONE });
}
