import { ComingSoon } from '@client/ui/coming-soon';

/** /onboarding and /join: the provider category hub (spec 002 section 2). */
export function OnboardingPage() {
  return (
    <ComingSoon
      title="Join as a Provider"
      description="Offer your services to customers in 195+ countries. The provider sign-up hub is being built."
    />
  );
}
