import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminCollection, AdminRegistration, ApproveResult, RegistrationStatus, RejectResult } from '../../../domain/admin/schemas';
import {
  REGISTRATION_CONFIRM_HOURS,
  REGISTRATION_CONFIRM_INVALID,
  REGISTRATION_FORMS,
  publishBlockedReason,
  registrationName,
  type CarRentalRegistration,
  type ConfirmRegistrationResult,
  type CourierRegistration,
  type FashionDesignerRegistration,
  type GeneralServiceRegistration,
  type HotelRegistration,
  type PropertyRegistration,
  type RegistrationKind,
  type RegistrationReceipt,
  type RestaurantRegistration,
  type TaxiRegistration,
} from '../../../domain/onboarding';
import type { Db, Tx } from '../../db/connect';
import type { AppContext } from '../../platform/context';
import { grantRoleByEmail } from '../accounts';
import {
  cars,
  generalServices,
  hotels,
  menuItems,
  properties,
  registrations,
  restaurants,
  serviceProviders,
  shippingRates,
  taxiRides,
  users,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { queueRegistrationApproved, queueRegistrationConfirmation } from '../notifications';
import { LISTING_KINDS } from '../../../domain/catalogue/kinds';
import { serverKindOfCollection, updateRow } from '../catalogue';
import { audit } from '../audit';
import {
  carValues,
  generalServiceValues,
  hotelValues,
  menuValues,
  propertyValues,
  restaurantValues,
  shippingValues,
  taxiValues,
} from './publish';

type RegistrationRow = typeof registrations.$inferSelect;

/** The applicant's e-mail as the form gave it (every form but the airline's asks for one). */
function emailOf(data: Record<string, unknown>): string | null {
  for (const key of ['email', 'contactEmail', 'businessEmail']) {
    const v = data[key];
    if (typeof v === 'string' && v.includes('@')) return v.trim().toLowerCase();
  }
  return null;
}

/** Only a token's hash is stored. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Stores a validated registration. The form's e-mail address may be anyone's, so the registration is 'unconfirmed'
 * and that address gets one mail with a confirmation link and no text the submitter chose (within the public mail
 * budgets; the answer is the same when it was not sent). Nothing else is mailed and no admin sees it until the link is
 * used (confirmRegistration). A form without an e-mail address (the airline's) waits for review at once.
 */
export async function submitRegistration(
  ctx: AppContext,
  kind: RegistrationKind,
  data: Record<string, unknown>,
  submitter: { userId: number | null; ip: string },
): Promise<RegistrationReceipt> {
  const email = emailOf(data);
  return ctx.events.transaction(
    async (tx, emit) => {
      const name = registrationName(kind, data).slice(0, 200);
      if (!email) {
        const [row] = await tx
          .insert(registrations)
          .values({ kind, name, status: 'pending', data, submitterId: submitter.userId, submitterIp: submitter.ip })
          .returning({ id: registrations.id });
        await emit('registration.submitted', { registrationId: row.id, kind, name, email: null });
        return { id: row.id, status: 'pending' as const };
      }
      const token = randomBytes(32).toString('base64url');
      const [row] = await tx
        .insert(registrations)
        .values({
          kind,
          name,
          status: 'unconfirmed',
          data,
          submitterId: submitter.userId,
          submitterIp: submitter.ip,
          confirmTokenHash: tokenHash(token),
          confirmExpiresAt: new Date(Date.now() + REGISTRATION_CONFIRM_HOURS * 3_600_000),
        })
        .returning({ id: registrations.id });
      await queueRegistrationConfirmation(ctx, tx, { registrationId: row.id, to: email, token, hours: REGISTRATION_CONFIRM_HOURS });
      return { id: row.id, status: 'unconfirmed' as const };
    },
    { committed: () => ctx.mailer.kick() },
  );
}

/**
 * Confirms a registration's e-mail address with the token of its link: once, within its time. The registration then
 * waits for review and is announced (the applicant's acknowledgement and the admins' notice). 400 otherwise.
 */
export async function confirmRegistration(ctx: AppContext, token: string): Promise<ConfirmRegistrationResult> {
  return ctx.events.transaction(async (tx, emit) => {
    const now = new Date();
    // One statement: the token's row, still unconfirmed and in time, is confirmed and its token cleared (single use).
    const [row] = await tx
      .update(registrations)
      .set({ status: 'pending', confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: now })
      .where(and(eq(registrations.confirmTokenHash, tokenHash(token)), eq(registrations.status, 'unconfirmed'), gt(registrations.confirmExpiresAt, now)))
      .returning();
    if (!row) throw badRequest(REGISTRATION_CONFIRM_INVALID, { token: REGISTRATION_CONFIRM_INVALID });
    await emit('registration.submitted', { registrationId: row.id, kind: row.kind, name: row.name, email: emailOf(row.data) });
    return { id: row.id, kind: row.kind, status: 'pending' as const };
  });
}

/** A registration row in the admin API shape. */
export function toAdminRegistration(r: RegistrationRow): AdminRegistration {
  return {
    id: r.id,
    kind: r.kind as RegistrationKind,
    name: r.name,
    // Unconfirmed rows are not listed (admin registrationsPage); elsewhere (CSV export) they say so.
    status: r.status as RegistrationStatus,
    submittedAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    reviewNotes: r.reviewNotes,
    submitterId: r.submitterId,
    publishedCollection: r.publishedCollection,
    publishedId: r.publishedId,
    data: r.data,
    blockedReason: r.status === 'pending' ? publishBlockedReason(r.kind, r.data) : null,
  };
}

/** Locks a registration for review; 404 when missing, 409 when it was already reviewed. */
async function lockPending(tx: Tx, id: number): Promise<RegistrationRow> {
  const [row] = await tx.select().from(registrations).where(eq(registrations.id, id)).for('update');
  if (!row) throw notFound('Registration not found');
  if (row.status === 'unconfirmed') throw conflict('The e-mail address of this registration is not confirmed yet', { status: row.status });
  if (row.status !== 'pending') throw conflict(`This registration was already ${row.status}`, { status: row.status });
  return row;
}

function parseData<S extends z.ZodType>(schema: S, row: RegistrationRow): z.output<S> {
  const parsed = schema.safeParse(row.data);
  if (!parsed.success) throw conflict('The stored registration no longer passes validation; reject it instead');
  return parsed.data;
}

const PROVIDER_SERVICE_TYPE: Partial<Record<RegistrationKind, 'airline' | 'driver' | 'fashion-designer'>> = {
  airline: 'airline',
  driver: 'driver',
  'driver-application': 'driver',
  'fashion-designer': 'fashion-designer',
};

/** Inserts the public row(s) for an approved registration; returns where it was published. */
async function publish(tx: Tx, row: RegistrationRow): Promise<{ collection: AdminCollection; id: number }> {
  const kind = row.kind as RegistrationKind;
  const owner = row.submitterId;
  const schema = REGISTRATION_FORMS[kind].schema;
  switch (kind) {
    case 'restaurant': {
      const d = parseData(schema, row) as RestaurantRegistration;
      const [r] = await tx.insert(restaurants).values(restaurantValues(d, row.id, owner)).returning({ id: restaurants.id });
      await tx.insert(menuItems).values(menuValues(d.menu, r.id));
      return { collection: LISTING_KINDS['restaurant'].collection, id: r.id };
    }
    case 'hotel': {
      const d = parseData(schema, row) as HotelRegistration;
      const [h] = await tx.insert(hotels).values(hotelValues(d, row.id, owner)).returning({ id: hotels.id });
      return { collection: LISTING_KINDS['hotel'].collection, id: h.id };
    }
    case 'car-rental': {
      const d = parseData(schema, row) as CarRentalRegistration;
      const [c] = await tx.insert(cars).values(carValues(d, row.id, owner)).returning({ id: cars.id });
      return { collection: LISTING_KINDS['car'].collection, id: c.id };
    }
    case 'courier': {
      const d = parseData(schema, row) as CourierRegistration;
      const [s] = await tx.insert(shippingRates).values(shippingValues(d, row.id, owner)).returning({ id: shippingRates.id });
      return { collection: LISTING_KINDS['shipping-rate'].collection, id: s.id };
    }
    case 'taxi': {
      const d = parseData(schema, row) as TaxiRegistration;
      const [t] = await tx.insert(taxiRides).values(taxiValues(d, row.id, owner)).returning({ id: taxiRides.id });
      return { collection: LISTING_KINDS['taxi-ride'].collection, id: t.id };
    }
    case 'property': {
      const d = parseData(schema, row) as PropertyRegistration;
      const [p] = await tx.insert(properties).values(propertyValues(d, row.id, owner)).returning({ id: properties.id });
      return { collection: LISTING_KINDS['property'].collection, id: p.id };
    }
    case 'general-service': {
      const d = parseData(schema, row) as GeneralServiceRegistration;
      const [g] = await tx.insert(generalServices).values(generalServiceValues(d, owner)).returning({ id: generalServices.id });
      return { collection: LISTING_KINDS['general-service'].collection, id: g.id };
    }
    case 'airline':
    case 'driver':
    case 'driver-application':
    case 'fashion-designer': {
      const data = parseData(schema, row) as Record<string, unknown>;
      const businessName =
        kind === 'fashion-designer' ? (data as FashionDesignerRegistration).businessName || row.name : row.name;
      const [sp] = await tx
        .insert(serviceProviders)
        .values({ userId: owner, serviceType: PROVIDER_SERVICE_TYPE[kind] ?? kind, businessName, registrationId: row.id })
        .returning({ id: serviceProviders.id });
      return { collection: 'service-providers', id: sp.id };
    }
  }
}

/** Makes `userId` the owner of a published listing (or the user of a provider record). */
async function setOwner(tx: Tx, published: { collection: AdminCollection; id: number }, userId: number) {
  if (published.collection === 'service-providers') {
    await tx.update(serviceProviders).set({ userId }).where(eq(serviceProviders.id, published.id));
    return;
  }
  const kind = serverKindOfCollection(published.collection);
  if (kind && kind.info.chat) await updateRow(tx, kind, published.id, { ownerId: userId });
}

/** The account details of a driver application or registration: who gets role driver, and their profile. */
function driverOf(kind: RegistrationKind, data: Record<string, unknown>) {
  const text = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : data[k] === undefined ? '' : String(data[k]));
  const name = kind === 'driver' ? text('fullName') : `${text('firstName')} ${text('lastName')}`.trim();
  const vehicle = [text('vehicleYear'), text('vehicleMake'), text('vehicleModel')].filter(Boolean).join(' ') || text('vehicleType');
  return { email: text('email'), name, phone: text('phone'), vehicle, plate: text('vehiclePlate') };
}

/**
 * Approves a pending registration: publishes it (catalogue row, or a service_providers row for airlines, drivers
 * and designers) and records the review. A driver application grants role driver to the account with the
 * application's e-mail, creating one (with a one-time set-password link for the admin to pass on) when none exists;
 * other kinds promote a signed-in submitter with role 'user' to 'provider'. registration.approved lets the drivers
 * module build the driver's profile. 404 when missing, 409 when already reviewed.
 */
export async function approveRegistration(ctx: AppContext, id: number, reviewerId: number, notes?: string): Promise<ApproveResult> {
  return ctx.events.transaction(async (tx, emit) => {
    const row = await lockPending(tx, id);
    // Approval never invents a price or a place: without the prices customers pay and the map pin of a place's
    // address (distances, delivery radius and drivers' routes start there), nothing is published.
    const missing = publishBlockedReason(row.kind, row.data);
    if (missing) throw conflict(missing, { reason: missing });
    const published = await publish(tx, row);
    const kind = row.kind as RegistrationKind;
    let account: ApproveResult['account'];
    let userId = row.submitterId;
    let driver: ReturnType<typeof driverOf> | undefined;
    if (kind === 'driver' || kind === 'driver-application') {
      driver = driverOf(kind, row.data);
      const granted = await grantRoleByEmail(tx, { email: driver.email, name: driver.name, phone: driver.phone, role: 'driver' });
      userId = granted.userId;
      // The provider record belongs to the driver's account, whoever submitted the form.
      await tx.update(serviceProviders).set({ userId }).where(eq(serviceProviders.id, published.id));
      account = {
        email: driver.email.toLowerCase(),
        created: granted.created,
        role: granted.role,
        ...(granted.setPasswordToken ? { setPasswordPath: `/set-password?token=${granted.setPasswordToken}` } : {}),
      };
    } else if (row.submitterId !== null) {
      const promoted = await tx.update(users).set({ role: 'provider' }).where(and(eq(users.id, row.submitterId), eq(users.role, 'user'))).returning({ id: users.id });
      if (promoted.length > 0) {
        await audit(tx, { actor: { id: reviewerId }, action: 'role.changed', targetType: 'user', targetId: row.submitterId, changes: { role: ['user', 'provider'], registrationId: id } });
      }
    } else {
      // Submitted while signed out: the listing belongs to the account with the registration's e-mail (created, with
      // a one-time set-password link, when there is none).
      const email = emailOf(row.data);
      if (email) {
        const granted = await grantRoleByEmail(tx, { email, name: row.name, role: 'provider' });
        userId = granted.userId;
        await setOwner(tx, published, granted.userId);
        account = {
          email,
          created: granted.created,
          role: granted.role,
          ...(granted.setPasswordToken ? { setPasswordPath: `/set-password?token=${granted.setPasswordToken}` } : {}),
        };
      }
    }
    await tx
      .update(registrations)
      .set({
        status: 'approved',
        reviewedBy: reviewerId,
        reviewedAt: new Date(),
        reviewNotes: notes ?? null,
        publishedCollection: published.collection,
        publishedId: published.id,
        updatedAt: new Date(),
      })
      .where(eq(registrations.id, id));
    // A new public listing: the catalogue cache (issue 13) drops what it holds for that collection.
    if (published.collection !== 'service-providers') await emit('catalogue.changed', { kind: published.collection, id: published.id });
    // The applicant's mail is stored here, not by a reaction: a set-password link's token must not be in the event.
    await queueRegistrationApproved(ctx, tx, {
      registrationId: id,
      kind,
      name: row.name,
      email: emailOf(row.data),
      userId,
      driverName: driver?.name,
      setPasswordPath: account?.setPasswordPath,
    });
    await emit('registration.approved', {
      registrationId: id,
      kind,
      name: row.name,
      email: emailOf(row.data),
      userId,
      ...(driver ? { driver: { name: driver.name, phone: driver.phone, vehicle: driver.vehicle, plate: driver.plate } } : {}),
    });
    await audit(tx, {
      actor: { id: reviewerId },
      action: 'registration.approved',
      targetType: 'registration',
      targetId: id,
      changes: { status: ['pending', 'approved'], kind, name: row.name, published, ...(notes ? { notes } : {}), ...(account ? { account: { email: account.email, role: account.role, created: account.created } } : {}) },
    });
    // A new public listing (provider records of airlines, drivers and designers are not catalogue reads).
    if (published.collection !== 'service-providers') await emit('catalogue.changed', { kind: published.collection, id: published.id });
    return { id, status: 'approved' as const, published, ...(account ? { account } : {}) };
  }, { committed: () => ctx.mailer.kick() });
}

/** Rejects a pending registration with a reason; nothing is published. 404 / 409 as for approval. */
export async function rejectRegistration(events: AppContext['events'], id: number, reviewerId: number, reason: string): Promise<RejectResult> {
  return events.transaction(async (tx, emit) => {
    const row = await lockPending(tx, id);
    await tx
      .update(registrations)
      .set({ status: 'rejected', reviewedBy: reviewerId, reviewedAt: new Date(), reviewNotes: reason, updatedAt: new Date() })
      .where(eq(registrations.id, id));
    await emit('registration.rejected', { registrationId: id, kind: row.kind, name: row.name, email: emailOf(row.data), reason });
    await audit(tx, { actor: { id: reviewerId }, action: 'registration.rejected', targetType: 'registration', targetId: id, changes: { status: ['pending', 'rejected'], kind: row.kind, name: row.name, reason } });
    return { id, status: 'rejected' as const };
  });
}

/** How many registrations have a status (the admin stats' pending count). */
export async function countRegistrations(db: Db, status: RegistrationStatus): Promise<number> {
  return db.$count(registrations, eq(registrations.status, status));
}
