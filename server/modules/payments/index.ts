/** The payments module's front door (ADR 005): the payment routes and webhook, card tokens and paying a booking. */
export { paymentsRoutes } from './routes';
export { createPaymentMethod, finishStaleCharges, payBooking, registerPayments } from './service';
