import { ComingSoon } from '@client/ui/coming-soon';

/** /bookings: the signed-in customer's bookings. */
export function BookingsPage() {
  return <ComingSoon title="My bookings" description="Your bookings and their status will be listed here soon." />;
}
