/**
 * The shop's own time zone: order dates, coupon end dates and account activity are told in it,
 * whatever the server's zone, so that staff and customers read the same day and hour.
 */
export const SHOP_TIME_ZONE = 'Europe/Brussels';

/** Formatters made once: building an Intl.DateTimeFormat costs far more than formatting with one. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A date formatter in the culture and the shop's time zone (shared: a formatter never changes). */
export function shopDateFormat(culture: string, options: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>): Intl.DateTimeFormat {
  const key = `${culture}|${options.dateStyle ?? ''}|${options.timeStyle ?? ''}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(culture, { ...options, timeZone: SHOP_TIME_ZONE })));
  return format;
}
