/**
 * Compile-time check that a zod schema's output and a hand-written API type are the same shape (both directions),
 * so a response schema cannot drift from the type the service returns: `assertExact<A, B>(true)`.
 */
export type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const assertExact = <A, B>(ok: Exact<A, B>): Exact<A, B> => ok;
