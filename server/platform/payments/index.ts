import type { Config } from '../../config';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox';
import { StripeGateway } from './stripe';

export type { ChargeRequest, ChargeResult, GatewayIntent, GatewayName, MethodRef, PaymentGateway } from './gateway';
export { SandboxGateway } from './sandbox';
export { StripeGateway, WEBHOOK_TOLERANCE_SECONDS, type StripeEndpoint } from './stripe';

const gateways = new WeakMap<Config, PaymentGateway>();

/**
 * The gateway of an app, one per configuration: Stripe when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set,
 * the sandbox otherwise. Bookings (refunds) and payments share it.
 */
export function gatewayFor(config: Config): PaymentGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = config.stripe ? new StripeGateway(config.stripe) : new SandboxGateway();
    gateways.set(config, gateway);
  }
  return gateway;
}

/**
 * Installs a specific gateway for a configuration before the app is built — the seam tests use to point the Stripe
 * adapter at a local fake of the Stripe API.
 */
export function useGateway(config: Config, gateway: PaymentGateway): void {
  gateways.set(config, gateway);
}
