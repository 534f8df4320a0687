import { ComingSoon } from '@client/ui/coming-soon';

/** /driver: the driver's order screen (opens in a new tab from the header). */
export function DriverPage() {
  return <ComingSoon title="Driver Dashboard" description="The driver screen with orders and earnings is being built." />;
}
