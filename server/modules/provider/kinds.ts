/**
 * The provider portal's listing kinds, looked up in the listing-kind registry (issue 11: domain/catalogue/kinds.ts
 * and server/modules/catalogue/kinds.ts): the portal names a kind by its admin collection (ProviderKind), and the
 * registry gives its table, public mapper, money fields, display name and booking serviceType.
 */
import type { ProviderKind } from '../../../domain/provider/schemas';
import type { restaurants } from '../../db/schema';
import { serverKindOfCollection, type ServerKind } from '../catalogue';

export type ListingRow = Record<string, unknown> & { id: number; isActive: boolean; ownerId: number | null; image?: string; changedAt: Date | null };

/** The registry entry of a portal kind (every ProviderKind is a listing collection of the registry). */
export function providerKind(kind: ProviderKind): ServerKind {
  const k = serverKindOfCollection(kind);
  if (!k) throw new Error(`No listing kind for collection ${kind}`);
  return k;
}

/** The kind's table, viewed through one concrete table type (Drizzle cannot type a query over a union of tables). */
export const tableOf = (kind: ProviderKind) => providerKind(kind).table as unknown as typeof restaurants;
