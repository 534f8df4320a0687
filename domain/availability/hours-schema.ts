/** The zod schemas of weekly hours (hours.ts holds the types and the rules, without zod). */
import { z } from 'zod';
import { zoneOffsetMinutes } from '../catalogue/pricing';
import { minutesOf, type HoursInterval, type WeeklyHours } from './hours';

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use a time like 09:30');

/** One opening interval of one weekday; `close` is after `open` (24:00 ends at midnight). */
export const HoursIntervalSchema = z
  .object({ day: z.number().int().min(0).max(6), open: clock, close: clock })
  .refine((i) => minutesOf(i.close) > minutesOf(i.open), { message: 'Closing time must be after opening time', path: ['close'] });

export const WeeklyHoursSchema = z
  .object({
    timeZone: z
      .string()
      .max(64)
      .refine((tz) => !Number.isNaN(zoneOffsetMinutes(tz, new Date(0))), 'Unknown time zone'),
    week: z.array(HoursIntervalSchema).max(28, 'At most 4 intervals a day'),
  })
  .meta({ id: 'WeeklyHours' });

// The schemas check exactly the shapes hours.ts declares.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const shapesAgree: [Same<z.infer<typeof HoursIntervalSchema>, HoursInterval>, Same<z.infer<typeof WeeklyHoursSchema>, WeeklyHours>] = [true, true];
void shapesAgree;
