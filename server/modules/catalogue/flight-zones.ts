/**
 * The IANA time zone of every city the seeded flights serve (the location directory answers for any other city).
 * Flight times are local schedule times and the durations are consistent with them under northern-summer offsets
 * (e.g. in July); for overnight flights the duration is the truth.
 */
export const FLIGHT_CITY_TIME_ZONES: Record<string, string> = {
  Toronto: 'America/Toronto',
  Montreal: 'America/Toronto',
  'New York': 'America/New_York',
  Chicago: 'America/Chicago',
  Regina: 'America/Regina',
  Calgary: 'America/Edmonton',
  Vancouver: 'America/Vancouver',
  'Los Angeles': 'America/Los_Angeles',
  London: 'Europe/London',
  Paris: 'Europe/Paris',
  Frankfurt: 'Europe/Berlin',
  Dubai: 'Asia/Dubai',
  Tokyo: 'Asia/Tokyo',
  Sydney: 'Australia/Sydney',
};
