import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LinkIcon, LogIn } from 'lucide-react';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_MINUTES } from '@domain/accounts/schemas';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { FormAlert } from '@client/ui/form-field';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { tokenFromSearch } from './password-link';
import { destinationAfterSignIn } from './safe-next';
import { signInLinkFailure } from './sign-in-link';
import { useAuth } from './use-auth';

/**
 * /login/link?token=...: the page behind the 'Your Go Live sign-in link' e-mail (issue 27), sent when a new browser
 * tries to sign in to an account under attack. One button spends the link (a mail scanner that only opens the page
 * spends nothing) and signs this browser in; it is then known to the account and signs in with its password again.
 */
export function SignInLinkPage() {
  usePageTitle('Sign in with your link');
  const [searchParams] = useSearchParams();
  const token = tokenFromSearch(searchParams);
  const navigate = useNavigate();
  const { signInWithLink } = useAuth();
  const [busy, setBusy] = useState(false);
  const [dead, setDead] = useState<string | null>(token ? null : SIGN_IN_LINK_INVALID);
  const [error, setError] = useState<string | null>(null);

  const spend = async () => {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      const user = await signInWithLink(token);
      toast({ title: 'Login Successful', description: `Welcome back, ${user.username}!`, variant: 'success' });
      void navigate(destinationAfterSignIn(user, null), { replace: true });
    } catch (failure) {
      const message = signInLinkFailure(failure);
      if (message === SIGN_IN_LINK_INVALID) setDead(message);
      else setError(message);
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {dead ? <LinkIcon className="size-6" aria-hidden="true" /> : <LogIn className="size-6" aria-hidden="true" />}
          </div>
          <CardTitle as="h1" className="text-2xl">
            Sign in with your link
          </CardTitle>
          <CardDescription>
            {dead ? 'This link cannot be used.' : `This one-time link signs you in on this browser. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {dead ? (
            <>
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {dead}
              </p>
              <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
                Go to Sign In
              </Link>
            </>
          ) : (
            <>
              <FormAlert message={error} />
              <Button size="lg" className="w-full" disabled={busy} onClick={() => void spend()}>
                {busy ? <Spinner label="Signing in…" className="text-white [&_svg]:text-white" /> : null}
                {busy ? 'Signing In…' : 'Sign me in'}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
