import { ComingSoon } from '@client/ui/coming-soon';

export function ContactPage() {
  return (
    <ComingSoon
      title="Contact Us"
      description="Our help center and contact form are being built. Soon you will be able to reach our support team from here."
    />
  );
}
