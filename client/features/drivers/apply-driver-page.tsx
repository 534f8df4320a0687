import { useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Home } from 'lucide-react';
import { DRIVER_REVIEW_TIME, REGISTRATION_FORMS } from '@domain/onboarding';
import { usePageTitle } from '@client/lib/use-page-title';
import { buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { RegistrationForm } from '@client/features/onboarding/registration-form';

/**
 * /apply-driver: the full driver application (spec 002 sections 2-5 and 8): six sections, vehicle fields only
 * with "I have my own vehicle", then a confirmation screen. A failure keeps the form as typed.
 */
export function ApplyDriverPage() {
  const [submitted, setSubmitted] = useState(false);
  if (submitted) return <ApplicationConfirmation />;
  return <RegistrationForm kind="driver-application" onSubmitted={() => setSubmitted(true)} />;
}

function ApplicationConfirmation() {
  usePageTitle(REGISTRATION_FORMS['driver-application'].successTitle);
  return (
    <div className="mx-auto flex w-full max-w-xl px-4 py-12 sm:py-20">
      <Card className="w-full text-center">
        <CardHeader className="items-center">
          <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <CheckCircle2 className="size-8" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-2xl">
            {REGISTRATION_FORMS['driver-application'].successTitle}
          </CardTitle>
          <CardDescription className="text-base">
            Thank you for applying to drive with us. Your application will be reviewed by our team, and we will contact you{' '}
            {DRIVER_REVIEW_TIME}.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid justify-items-center gap-6">
          <p className="text-sm text-gray-600">
            Check your e-mail to confirm: we sent you a link. Your application goes to our team once you have opened it.
          </p>
          <Link to="/" className={buttonVariants({ size: 'lg' })}>
            <Home className="size-4" aria-hidden="true" />
            Return to Home
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
