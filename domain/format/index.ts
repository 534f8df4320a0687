/**
 * How money, numbers, dates and times are written, for the client's screens, the server render and the server's
 * mails alike: Intl formatters built on first use and reused. Screens use the visitor's locale and time zone (the
 * runtime's defaults); the server passes SERVER_LOCALE and writes instants in UTC, marked so.
 */
export { formatCents, formatMoney, formatMoneyRange, type MoneyOptions } from './money';
export { formatDistance, formatNumber, pluralize } from './numbers';
export {
  SERVER_LOCALE,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDateTimeUtc,
  formatMonthDay,
  formatRelativeTime,
  formatTimeOfDay,
  formatTimeOfDayUtc,
  weekdayNames,
  type DateOptions,
} from './dates';
/** The cached formatters themselves, for a reading rather than a writing (a zone's offset from formatToParts). */
export { dateTimeFormat } from './intl';
