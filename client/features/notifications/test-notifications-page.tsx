import { ComingSoon } from '@client/ui/coming-soon';

/** /test-notifications: send sample notification e-mails. */
export function TestNotificationsPage() {
  return <ComingSoon title="Test Notifications" description="The page for sending test notification e-mails is being built." />;
}
