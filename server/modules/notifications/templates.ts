/**
 * Every mail the product sends: pure functions from data to {subject, html, text}. User data is escaped in the HTML
 * part; links are absolute, built from the site URL (PUBLIC_URL). `essential` mail (receipts, security, replies to
 * something the person did) goes even to people who turned off non-essential mail.
 */
import { formatMoney, formatTimeOfDayUtc, SERVER_LOCALE } from '../../../domain/format';

export type Rendered = { subject: string; html: string; text: string };
export type Template = { name: string; essential: boolean; render: (site: string) => Rendered };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML (element content and quoted attributes). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * Amounts in mails: `$1,234.50`. A mail has no visitor's locale, so it is written in SERVER_LOCALE, in the booking's
 * currency where the mail is about one (US dollars otherwise).
 */
const money = (dollars: number, currency?: string) => formatMoney(dollars, { currency, locale: SERVER_LOCALE });

type Block = { p: string } | { rows: Array<[string, string]> } | { button: { label: string; href: string } } | { note: string };

/** One layout for every mail: a heading, paragraphs, a table of rows, one call to action. Plain text mirrors it. */
function layout(site: string, subject: string, heading: string, blocks: Block[]): Rendered {
  const htmlBlocks = blocks
    .map((b) => {
      if ('p' in b) return `<p style="margin:0 0 12px">${escapeHtml(b.p)}</p>`;
      if ('note' in b) return `<p style="margin:12px 0 0;color:#64748b;font-size:13px">${escapeHtml(b.note)}</p>`;
      if ('rows' in b)
        return `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 12px">${b.rows
          .map(([k, v]) => `<tr><td style="padding:4px 8px 4px 0;color:#475569">${escapeHtml(k)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(v)}</td></tr>`)
          .join('')}</table>`;
      return `<p style="margin:16px 0"><a href="${escapeHtml(b.button.href)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(b.button.label)}</a></p>`;
    })
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;background:#f8fafc;margin:0;padding:24px"><div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>\n${htmlBlocks}\n<p style="margin:24px 0 0;color:#94a3b8;font-size:12px">Go Live · <a href="${escapeHtml(site)}" style="color:#94a3b8">${escapeHtml(site)}</a></p></div></body></html>`;
  const text = [
    heading,
    '',
    ...blocks.map((b) => {
      if ('p' in b) return b.p;
      if ('note' in b) return b.note;
      if ('rows' in b) return b.rows.map(([k, v]) => `${k}: ${v}`).join('\n');
      return `${b.button.label}: ${b.button.href}`;
    }),
    '',
    `Go Live · ${site}`,
  ].join('\n');
  return { subject, html, text };
}

const track = (site: string, trackingId: string) => `${site}/track/${encodeURIComponent(trackingId)}`;
const greet = (name: string) => `Hi ${name},`;

export type ReceiptLine = { name: string; quantity: number; lineTotal: number };
export type DeliveryRef = { name: string; trackingNumber: string; trackingId: string };
/** A line of the price breakdown (domain/bookings/breakdown.ts): the same lines the receipt screen shows. */
export type ChargeLine = { label: string; amount: number };
/** What a delivery order carries: food, a ride or a parcel. */
export type OrderKindWord = 'food' | 'taxi' | 'shipping';

/**
 * How a mail names what is on its way: 'your order from Kintaro Ramen Bar', 'your Economy ride', 'your parcel
 * (Express Shipping)'. A ride is not an order from 'Taxi: Economy'.
 */
export function orderPhrase(kind: OrderKindWord, serviceName: string): string {
  if (kind === 'taxi') return `your ${serviceName.replace(/^Taxi:\s*/i, '')} ride`;
  if (kind === 'shipping') return `your parcel (${serviceName})`;
  return `your order from ${serviceName}`;
}
const capital = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

export const templates = {
  welcome: (d: { name: string }): Template => ({
    name: 'welcome',
    essential: false,
    render: (site) =>
      layout(site, 'Welcome to Go Live', `Welcome, ${d.name}!`, [
        { p: 'Your account is ready. Order food, book hotels, flights, cars and rides, ship parcels and follow every order live on the map.' },
        { button: { label: 'Start exploring', href: `${site}/` } },
        { note: 'You can turn off non-essential e-mail on your account page at any time.' },
      ]),
  }),

  signupWithExistingEmail: (d: { name: string }): Template => ({
    name: 'signup-existing-email',
    essential: true,
    render: (site) =>
      layout(site, 'Someone tried to sign up with your e-mail', 'You already have a Go Live account', [
        { p: `${greet(d.name)} someone (hopefully you) tried to create a new Go Live account with this e-mail address. You already have one, so nothing was created.` },
        { p: 'If it was you, sign in, or reset your password if you have forgotten it. If it was not, you can ignore this mail: your account is unchanged.' },
        { button: { label: 'Sign in', href: `${site}/login` } },
        { button: { label: 'Reset my password', href: `${site}/forgot-password` } },
      ]),
  }),

  /**
   * The receipt: each booked line, then the price breakdown's lines (subtotal, delivery fees, service fee, taxes,
   * tip) and the total charged, the same lines and total as the receipt screen.
   */
  bookingConfirmed: (d: {
    name: string;
    bookingId: number;
    lines: ReceiptLine[];
    charges?: ChargeLine[];
    total: number;
    currency?: string;
    brand: string | null;
    last4: string | null;
    deliveries: DeliveryRef[];
  }): Template => ({
    name: 'booking-confirmed',
    essential: true,
    render: (site) =>
      layout(site, `Receipt for booking #${d.bookingId}`, 'Your booking is confirmed', [
        { p: `${greet(d.name)} thank you for booking with Go Live. Here is your receipt.` },
        { rows: d.lines.map((l): [string, string] => [`${l.name} × ${l.quantity}`, money(l.lineTotal, d.currency)]) },
        { rows: [...(d.charges ?? []).map((c): [string, string] => [c.label, money(c.amount, d.currency)]), ['Total charged', money(d.total, d.currency)]] },
        { p: d.brand && d.last4 ? `Paid with ${d.brand.toUpperCase()} ending in ${d.last4}.` : 'Paid by card.' },
        ...d.deliveries.map((x): Block => ({ button: { label: `Track ${x.name} (${x.trackingNumber})`, href: track(site, x.trackingId) } })),
        { button: { label: 'My bookings', href: `${site}/bookings` } },
      ]),
  }),

  paymentFailed: (d: { name: string; bookingId: number; total: number; currency?: string; message: string }): Template => ({
    name: 'payment-failed',
    essential: true,
    render: (site) =>
      layout(site, `Payment failed for booking #${d.bookingId}`, 'Your payment did not go through', [
        { p: `${greet(d.name)} we could not charge ${money(d.total, d.currency)} for booking #${d.bookingId}: ${d.message}` },
        { p: 'Nothing was charged. Your booking is kept, so you can try again with another card.' },
        { button: { label: 'Pay for my booking', href: `${site}/bookings` } },
      ]),
  }),

  bookingCancelled: (d: { name: string; bookingId: number; refund: number | null; currency?: string }): Template => ({
    name: 'booking-cancelled',
    essential: true,
    render: (site) =>
      layout(site, `Booking #${d.bookingId} cancelled`, 'Your booking is cancelled', [
        { p: `${greet(d.name)} booking #${d.bookingId} has been cancelled.` },
        { p: d.refund ? `We have refunded ${money(d.refund, d.currency)} to your card. Banks usually show it within 5-10 business days.` : 'Nothing had been charged, so there is nothing to refund.' },
        { button: { label: 'My bookings', href: `${site}/bookings` } },
      ]),
  }),

  orderDeclined: (d: { name: string; bookingId: number; provider: string; reason: string; refund: number; currency?: string; rest: boolean }): Template => ({
    name: 'order-declined',
    essential: true,
    render: (site) =>
      layout(site, `${d.provider} declined your order (booking #${d.bookingId})`, `${d.provider} cannot take your order`, [
        { p: `${greet(d.name)} ${d.provider} declined its part of booking #${d.bookingId}.` },
        { rows: [['Reason given', d.reason]] },
        { p: `We have refunded ${money(d.refund, d.currency)} to your card for it. Banks usually show it within 5-10 business days.` },
        { p: d.rest ? 'The rest of your booking stands.' : 'Nothing else was in this booking, so it is now cancelled.' },
        { button: { label: 'My bookings', href: `${site}/bookings` } },
      ]),
  }),

  orderAccepted: (d: { name: string; kind?: OrderKindWord; serviceName: string; driverName: string; vehicle: string; plate: string; trackingId: string; stepLabel?: string }): Template => ({
    name: 'order-accepted',
    essential: false,
    render: (site) =>
      layout(site, `${d.driverName} is taking care of ${orderPhrase(d.kind ?? 'food', d.serviceName)}`, d.stepLabel ?? (d.kind === 'taxi' ? 'A driver accepted your ride' : d.kind === 'shipping' ? 'A driver accepted your parcel' : 'A driver accepted your order'), [
        { p: `${greet(d.name)} ${d.driverName} accepted ${orderPhrase(d.kind ?? 'food', d.serviceName)}.` },
        { rows: [['Driver', d.driverName], ...(d.vehicle ? [['Vehicle', d.vehicle] as [string, string]] : []), ...(d.plate ? [['Plate', d.plate] as [string, string]] : [])] },
        { button: { label: 'Follow it live', href: track(site, d.trackingId) } },
      ]),
  }),

  orderOnTheWay: (d: { name: string; kind?: OrderKindWord; serviceName: string; eta: string; etaAt: string | null; trackingId: string; stepLabel?: string }): Template => ({
    name: 'order-on-the-way',
    essential: false,
    render: (site) =>
      layout(site, d.kind === 'taxi' ? `${capital(orderPhrase('taxi', d.serviceName))} has started` : `${capital(orderPhrase(d.kind ?? 'food', d.serviceName))} is on the way`, d.stepLabel ?? (d.kind === 'taxi' ? 'On your way' : 'On the way to you'), [
        { p: d.kind === 'taxi' ? `${greet(d.name)} you have been picked up for ${orderPhrase('taxi', d.serviceName)}.` : `${greet(d.name)} ${orderPhrase(d.kind ?? 'food', d.serviceName)} has been picked up.` },
        { rows: [['Estimated arrival', d.etaAt ? `${d.eta} (about ${formatTimeOfDayUtc(d.etaAt)})` : d.eta]] },
        { button: { label: 'Track it live', href: track(site, d.trackingId) } },
      ]),
  }),

  orderDelivered: (d: { name: string; kind?: OrderKindWord; serviceName: string; trackingId: string; stepLabel?: string }): Template => ({
    name: 'order-delivered',
    essential: false,
    render: (site) =>
      layout(site, d.kind === 'taxi' ? `${capital(orderPhrase('taxi', d.serviceName))} is complete` : `Delivered: ${orderPhrase(d.kind ?? 'food', d.serviceName)}`, d.stepLabel ?? (d.kind === 'taxi' ? 'You have arrived' : 'Delivered'), [
        { p: d.kind === 'taxi' ? `${greet(d.name)} ${orderPhrase('taxi', d.serviceName)} is complete. Thank you for riding with Go Live!` : `${greet(d.name)} ${orderPhrase(d.kind ?? 'food', d.serviceName)} has been delivered. Enjoy!` },
        { button: { label: 'See the trip', href: track(site, d.trackingId) } },
        { p: `How was it? Rate ${d.kind === 'taxi' ? `the ${d.serviceName.replace(/^Taxi:\s*/i, '')} ride` : d.serviceName} and help other customers choose.` },
        { button: { label: 'Write a review', href: `${site}/bookings` } },
      ]),
  }),

  passwordReset: (d: { name: string; token: string; minutes: number }): Template => ({
    name: 'password-reset',
    essential: true,
    render: (site) =>
      layout(site, 'Reset your password', 'Reset your password', [
        { p: `${greet(d.name)} someone (hopefully you) asked to reset the password of your Go Live account.` },
        { button: { label: 'Choose a new password', href: `${site}/reset-password?token=${encodeURIComponent(d.token)}` } },
        { note: `The link works once, for ${d.minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.` },
      ]),
  }),

  /** Issue 27: the one-time link that signs a new browser in while the account is slowed down after failed sign-ins. */
  signInLink: (d: { name: string; token: string; minutes: number }): Template => ({
    name: 'sign-in-link',
    essential: true,
    render: (site) =>
      layout(site, 'Your Go Live sign-in link', 'Sign in to Go Live', [
        { p: `${greet(d.name)} someone (hopefully you) is signing in to your Go Live account from a new browser.` },
        { p: 'Because of many failed sign-in attempts on your account, a new browser signs in with this link instead of the password alone.' },
        { button: { label: 'Sign me in', href: `${site}/login/link?token=${encodeURIComponent(d.token)}` } },
        { note: `The link works once, for ${d.minutes} minutes. If it was not you, ignore this e-mail: nobody can sign in with it but you. If you think someone knows your password, reset it.` },
      ]),
  }),

  /**
   * The one mail a registration form sends before its address is confirmed. It goes to an address anyone can type, so
   * it carries nothing the submitter wrote: fixed words, and the link as the only variable.
   */
  registrationConfirm: (d: { token: string; hours: number }): Template => ({
    name: 'registration-confirm',
    essential: true,
    render: (site) =>
      layout(site, 'Confirm your e-mail address for Go Live', 'Confirm your e-mail address', [
        { p: 'A registration form on Go Live was submitted with this e-mail address. If it was you, confirm the address with the button below; we review the registration only once it is confirmed.' },
        { button: { label: 'Confirm my e-mail address', href: `${site}/register/confirm?token=${encodeURIComponent(d.token)}` } },
        { note: `The link works once, for ${d.hours} hours. If it was not you, ignore this e-mail: nothing more will be sent to you about it.` },
      ]),
  }),

  registrationReceived: (d: { name: string; kindLabel: string; promise: string; reference?: string }): Template => ({
    name: 'registration-received',
    essential: true,
    render: (site) =>
      layout(site, `We received your ${d.kindLabel} application`, 'Application received', [
        { p: `${greet(d.name)} thank you for applying to join Go Live as a ${d.kindLabel}.` },
        { p: `We'll review your application and contact you ${d.promise}.` },
        ...(d.reference ? [{ rows: [['Reference', d.reference]] as Array<[string, string]> }] : []),
        { button: { label: 'Visit Go Live', href: `${site}/` } },
      ]),
  }),

  registrationApproved: (d: { name: string; kindLabel: string; setPasswordPath?: string; isDriver: boolean }): Template => ({
    name: 'registration-approved',
    essential: true,
    render: (site) =>
      layout(site, `You're approved: welcome to Go Live`, 'Your application is approved', [
        { p: `${greet(d.name)} good news: your ${d.kindLabel} application has been approved.` },
        ...(d.setPasswordPath
          ? [
              { p: 'We created an account for this e-mail address. Choose a password to sign in; the link works once, for 72 hours.' } as Block,
              { button: { label: 'Set my password', href: `${site}${d.setPasswordPath}` } } as Block,
            ]
          : []),
        { button: d.isDriver ? { label: 'Open the driver screen', href: `${site}/driver` } : { label: 'Sign in', href: `${site}/login` } },
      ]),
  }),

  registrationRejected: (d: { name: string; kindLabel: string; reason: string }): Template => ({
    name: 'registration-rejected',
    essential: true,
    render: (site) =>
      layout(site, `About your ${d.kindLabel} application`, 'We could not approve your application', [
        { p: `${greet(d.name)} we reviewed your ${d.kindLabel} application and could not approve it.` },
        { rows: [['Reason', d.reason]] },
        { p: 'You are welcome to apply again once this is resolved, or to contact us with questions.' },
        { button: { label: 'Contact us', href: `${site}/contact` } },
      ]),
  }),

  providerNewBooking: (d: { providerName: string; listingName: string; bookingId: number; customerName: string; lines: ReceiptLine[] }): Template => ({
    name: 'provider-new-booking',
    essential: true,
    render: (site) =>
      layout(site, `New booking: ${d.listingName}`, 'You have a new booking', [
        { p: `${greet(d.providerName)} ${d.customerName} booked ${d.listingName} (booking #${d.bookingId}).` },
        { rows: d.lines.map((l): [string, string] => [`${l.name} × ${l.quantity}`, money(l.lineTotal)]) },
        { button: { label: 'Open Go Live', href: `${site}/` } },
      ]),
  }),

  driverOrderAssigned: (d: { driverName: string; kind: string; pickup: string; dropoff: string; payout: number; trackingId: string }): Template => ({
    name: 'driver-order-assigned',
    essential: true,
    render: (site) =>
      layout(site, `Order assigned: ${d.kind} from ${d.pickup}`, 'You have a new order', [
        { p: `${greet(d.driverName)} this ${d.kind} order is yours.` },
        { rows: [['Pickup', d.pickup], ['Drop-off', d.dropoff], ['You earn', money(d.payout)]] },
        { button: { label: 'Open the driver screen', href: `${site}/driver` } },
      ]),
  }),

  adminNewRegistration: (d: { kindLabel: string; name: string; registrationId: number }): Template => ({
    name: 'admin-new-registration',
    essential: true,
    render: (site) =>
      layout(site, `New ${d.kindLabel} registration: ${d.name}`, 'A registration is waiting for review', [
        { p: `${d.name} applied as a ${d.kindLabel} (registration #${d.registrationId}).` },
        { button: { label: 'Open the review queue', href: `${site}/admin` } },
      ]),
  }),

  adminContactMessage: (d: { name: string; email: string; subject: string }): Template => ({
    name: 'admin-contact-message',
    essential: true,
    render: (site) =>
      layout(site, `New message from ${d.name}: ${d.subject || '(no subject)'}`, 'A new contact message', [
        { rows: [['From', `${d.name} <${d.email}>`], ['Subject', d.subject || '(no subject)']] },
        { button: { label: 'Read it in the dashboard', href: `${site}/admin` } },
      ]),
  }),

  testCustomer: (d: { customerName: string; serviceType: string; orderId: string; amount: number | null }): Template => ({
    name: 'test-customer',
    essential: true,
    render: (site) =>
      layout(site, `Test: your ${d.serviceType} order ${d.orderId}`, 'Order confirmation (test)', [
        { p: `${greet(d.customerName)} this is a test notification from Go Live.` },
        { rows: [['Service', d.serviceType], ['Order', d.orderId], ...(d.amount !== null ? [['Amount', money(d.amount)] as [string, string]] : [])] },
      ]),
  }),

  testOwner: (d: { customerName: string; customerEmail: string; serviceType: string; orderId: string; amount: number | null }): Template => ({
    name: 'test-owner',
    essential: true,
    render: (site) =>
      layout(site, `Test: new ${d.serviceType} order ${d.orderId}`, 'New order (test)', [
        { p: `This is the owner's copy of a test notification.` },
        { rows: [['Customer', `${d.customerName} <${d.customerEmail}>`], ['Service', d.serviceType], ['Order', d.orderId], ...(d.amount !== null ? [['Amount', money(d.amount)] as [string, string]] : [])] },
      ]),
  }),
};
