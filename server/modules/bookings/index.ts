/**
 * The bookings module's front door: /api/bookings, and for payments, admin and the bench the booking's life
 * (quote, create, lock, paid, cancel, expire) and the deliveries a booking asks for.
 */
export { bookingsRoutes } from './routes';
export { cancelBooking, chargeInFlight, confirmPaid, createBooking, deliveriesOf, expireAbandonedBookings, getBooking, lockBooking, quoteBooking, renewBookingHolds, PAYMENT_IN_PROGRESS } from './service';
