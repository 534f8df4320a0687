/** The booking line types that become delivery orders once paid (one per restaurant, taxi ride and shipment). */
export const DELIVERABLE_SERVICE_TYPES: ReadonlySet<string> = new Set(['food-delivery', 'taxi', 'shipping']);

/** True when a booking with these line types gets delivery orders after payment. */
export function deliversAnything(serviceTypes: readonly string[]): boolean {
  return serviceTypes.some((t) => DELIVERABLE_SERVICE_TYPES.has(t));
}
