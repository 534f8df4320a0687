import { z } from 'zod';
import { assertExact } from '../exact';
import type { Country } from './countries';
import { LOCATION_TYPES, type LocationEntry } from './search';
import { GEOCODE_SOURCES, type GeocodeAnswer } from './geocode';

/** GET /api/countries: one country (checked against Country). */
export const CountrySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    flag: z.string(),
    continent: z.enum(['Africa', 'Asia', 'Europe', 'North America', 'South America', 'Oceania', 'Antarctica']),
    phoneCode: z.string(),
    currency: z.string(),
    sovereign: z.boolean(),
  })
  .meta({ id: 'Country' });
assertExact<z.output<typeof CountrySchema>, Country>(true);

/** GET /api/locations: one directory entry (checked against LocationEntry). */
export const LocationEntrySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    type: z.enum(LOCATION_TYPES),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'LocationEntry' });
assertExact<z.output<typeof LocationEntrySchema>, LocationEntry>(true);

/** GET /api/geocode: results best first, whether only the directory answered, and what to tell the person. */
export const GeocodeAnswerSchema = z
  .object({
    results: z.array(
      z.object({ label: z.string(), lat: z.number(), lng: z.number(), source: z.enum(GEOCODE_SOURCES) }),
    ),
    offline: z.boolean(),
    message: z.string().optional(),
  })
  .meta({ id: 'GeocodeAnswer' });
assertExact<z.output<typeof GeocodeAnswerSchema>, GeocodeAnswer>(true);
