export type { ChargeRequest, ChargeResult, GatewayIntent, GatewayName, MethodRef, PaymentGateway, TransferRequest, TransferResult } from './gateway';
export { SandboxGateway } from './sandbox';
export { StripeGateway, WEBHOOK_TOLERANCE_SECONDS, type StripeEndpoint } from './stripe';
