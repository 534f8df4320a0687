import type { ChatMessage } from './chat/schemas';
import type { OrderKind, OrderStatus } from './orders/states';
import type { Journey, JourneyStepKey } from './orders/journey';

/**
 * The domain events one module announces and others react to (server/platform/events). Each is written to the
 * outbox in the transaction of the change that causes it, except the transient ones (TRANSIENT_EVENTS), whose own
 * rows (a position fix) are the durable record and which are only published after commit.
 */
export type DomainEventMap = {
  'account.registered': { userId: number };
  /** Someone tried to sign up with the e-mail of this existing account (the answer did not say so; the owner is told). */
  'account.signup_with_existing_email': { userId: number };
  /** An admin disabled the account (its sessions are gone): every instance closes its open sockets (/ws/driver, /ws/chat). */
  'account.disabled': { userId: number };
  /** serviceTypes: the booking's distinct line types, when the emitter had them at hand (saves reactions a read). */
  'booking.confirmed': { bookingId: number; userId: number; serviceTypes?: string[] };
  'booking.cancelled': { bookingId: number; userId: number; refundCents: number | null };
  /** A provider declined its order of a paid booking; the customer was refunded that order (issue 28). */
  'order.declined': {
    orderId: number;
    bookingId: number;
    userId: number;
    provider: string;
    listingKind: string;
    listingId: number;
    refundCents: number;
    reason: string;
  };
  'payment.failed': { bookingId: number; userId: number; paymentId: number; message: string };
  'order.created': { orderId: number; trackingId: string; bookingId: number; kind: OrderKind };
  'order.offered': { orderId: number; trackingId: string; driverIds: number[]; expiresAt: string };
  'order.offer_withdrawn': { orderId: number; driverIds: number[] };
  'order.accepted': { orderId: number; trackingId: string; driverId: number };
  'order.status_changed': {
    orderId: number;
    trackingId: string;
    bookingId: number;
    customerId: number | null;
    driverId: number | null;
    from: OrderStatus;
    to: OrderStatus;
  };
  'order.unassigned': { orderId: number; trackingId: string };
  /** A restaurant accepted a food order in the provider portal (the customer's tracking says so). */
  'order.kitchen_accepted': { orderId: number; restaurantId: number; by: number };
  /** A restaurant marked a food order 'Ready for pickup' in the provider portal; dispatch may offer it now. */
  'order.ready': { orderId: number; restaurantId: number; by: number };
  /**
   * The order's journey moved on without a status change (the restaurant's Accept or Ready recorded, the driver first
   * near the drop-off): open tracking pages get the record again (server/modules/tracking relays it).
   */
  'order.journey_changed': { orderId: number; trackingId: string; bookingId: number; customerId: number | null; step: JourneyStepKey };
  /** A write changed what a public catalogue read returns (kind: the admin collection name). */
  'catalogue.changed': { kind: string; id?: number };
  'driver.online': { driverId: number; online: boolean };
  'driver.position': {
    driverId: number;
    orderId: number | null;
    trackingId: string | null;
    lat: number;
    lng: number;
    at: string;
    estimatedTime: string | null;
    etaAt: string | null;
    progress: number;
    address: string | null;
    /** The order's journey at this position ('Arriving' comes from the positions). */
    journey?: Journey | null;
  };
  /** A chat message, stored before this is published; `to` are the participants' user ids. */
  'chat.message': { to: number[]; message: ChatMessage };
  'chat.typing': { conversationId: number; userId: number; to: number; typing: boolean };
  'chat.read': { conversationId: number; userId: number; to: number; upToId: number };
  /** The registration waits for review: its applicant confirmed the form's e-mail address (or the form has none). */
  'registration.submitted': { registrationId: number; kind: string; name: string; email: string | null };
  'registration.rejected': { registrationId: number; kind: string; name: string; email: string | null; reason: string };
  'contact.received': { messageId: number; name: string; email: string; subject: string };
  'registration.approved': {
    registrationId: number;
    kind: string;
    name?: string;
    /** The applicant's e-mail (from the form). */
    email?: string | null;
    /* No set-password link here: events are stored and published; the approval stores its mail itself. */
    userId: number | null;
    /** For driver kinds: the profile the driver screen and the customer's tracking show. */
    driver?: { name: string; phone: string; vehicle: string; plate: string };
  };
};

export type DomainEventType = keyof DomainEventMap;
/** One event as dispatched and published: a union over the types, so checking `type` narrows `payload`. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: number | null; type: K; payload: DomainEventMap[K] };
}[T];

/** Events that are published after commit without an outbox row (see DomainEventMap). */
export const TRANSIENT_EVENTS = ['driver.position', 'chat.message', 'chat.typing', 'chat.read'] as const satisfies readonly DomainEventType[];
