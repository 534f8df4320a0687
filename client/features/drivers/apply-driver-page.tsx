import { ComingSoon } from '@client/ui/coming-soon';

/** /apply-driver: the full driver application. */
export function ApplyDriverPage() {
  return <ComingSoon title="Drive with Go Live" description="The driver application form is being built and will be available soon." />;
}
