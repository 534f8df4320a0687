import { z } from 'zod';
import { MAX_ID } from './limits';

/** A database id in a JSON body: a whole number in 1 .. 2^31 - 1; anything else is `message` (a 400). */
export const idField = (message = 'Invalid id') =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

/** A database id in a path or query string (coerced from text), with the same bounds. */
export const idParam = (message = 'Invalid id') =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

/** The `:id` path parameter every route with one shares. */
export const IdParams = (message = 'Invalid id') => z.object({ id: idParam(message) });
