/**
 * Pieces of the catalogue's query-string schemas shared by the list routes (server/modules/catalogue) and the search
 * (domain/search): what a query string holds is text, and an empty field means the field was not given.
 */
import { z } from 'zod';
import { LEASE_MONTHS } from './pricing';

/** An empty or blank query-string value is an absent one. */
export const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const LEASE_MESSAGE = 'Lease must be 1, 3, 6 or 12 months';

/** A lease length in months, one of LEASE_MONTHS; optional. */
export const leaseMonths = () =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: LEASE_MESSAGE })
      .refine((m) => (LEASE_MONTHS as readonly number[]).includes(m), LEASE_MESSAGE)
      .optional(),
  );
