import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { REGISTRATION_CONFIRM_INVALID } from '@domain/onboarding';
import { apiPost, parseApiError } from '@client/lib/api';
import { stopIfOffline } from '@client/lib/online';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { Spinner } from '@client/ui/spinner';

type State = { step: 'ready' } | { step: 'busy' } | { step: 'done' } | { step: 'invalid'; message: string };

/**
 * /register/confirm?token=...: the page behind the link of a registration's confirmation mail. The address is
 * confirmed by the button, not by opening the page, so a mail scanner that follows links confirms nothing.
 */
export function ConfirmRegistrationPage() {
  usePageTitle('Confirm your e-mail address');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(token ? { step: 'ready' } : { step: 'invalid', message: REGISTRATION_CONFIRM_INVALID });

  const confirm = async () => {
    if (stopIfOffline('confirming your e-mail address')) return;
    setState({ step: 'busy' });
    try {
      await apiPost('/api/registrations/confirm', { body: { token } });
      setState({ step: 'done' });
    } catch (error) {
      const parsed = parseApiError(error);
      setState({ step: 'invalid', message: parsed.message ?? REGISTRATION_CONFIRM_INVALID });
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <MailCheck className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-2xl">
            {state.step === 'done' ? 'E-mail address confirmed' : 'Confirm your e-mail address'}
          </CardTitle>
          <CardDescription>
            {state.step === 'done'
              ? 'Thank you. Your registration is now waiting for our review; we will e-mail you the outcome.'
              : 'Confirm that this e-mail address is yours, so that we can review your registration.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {state.step === 'invalid' ? (
            <>
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {state.message}
              </p>
              <Link to="/onboarding" className={buttonVariants({ variant: 'outline' })}>
                Back to provider registration
              </Link>
            </>
          ) : state.step === 'done' ? (
            <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
              Your e-mail address is confirmed.
            </p>
          ) : (
            <Button type="button" size="lg" onClick={() => void confirm()} disabled={state.step === 'busy'}>
              {state.step === 'busy' ? <Spinner label="Confirming…" className="text-white [&_svg]:text-white" /> : null}
              {state.step === 'busy' ? 'Confirming…' : 'Confirm my e-mail address'}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
