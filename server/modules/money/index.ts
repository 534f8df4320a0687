/**
 * The money module's front door (issue 28, ADR 029): orders per provider, commission, the ledger, payouts and the
 * admin's finance figures. Other modules use what is exported here.
 */
export { openOrders, bookingOrdersOf, cancellationQuote, cancelOrders, ordersOfBooking, completeBookingOrders, recordDeliveryDone, partCalledOff } from './orders';
export { openOrdersOfEarlierBookings } from './orders';
export { declineOrder, completeOrder, completeEndedOrders, lockMyOrder, markAccepted, orderMoneyView, orderActions, deliveryProgress, progressOf, providerOrderRows, providerTotals, isReservation } from './orders';
export { post, postAll, trialBalance, balanceOf, lockAccounts } from './ledger';
export { commissionRules, ruleFor, setCommissionRules } from './commission';
export { financeReport, financeRange } from './finance';
export { moneyAdminRoutes } from './admin-routes';
export { balance as payeeBalance, holdCutoff } from './balances';
export { runPayouts, runScheduledPayouts, registerPayouts, listPayouts, payoutPeriodStart, sandboxDestination, retryPendingPayouts, reversePayout } from './payouts';
export { statementCsv, statementLines } from './statement';
export { payoutRoutes } from './payout-routes';
