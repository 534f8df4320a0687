import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, LogIn, UserPlus } from 'lucide-react';
import type { PublicUser } from '@domain/accounts/schemas';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { PageSpinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { destinationAfterSignIn } from './safe-next';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useAuth } from './use-auth';

type Mode = 'sign-in' | 'sign-up';

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const navigate = useNavigate();
  const { user, status, signOut, isSigningOut } = useAuth();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [prefillEmail, setPrefillEmail] = useState('');
  // Set once a form succeeds so the "already signed in" card does not flash before the redirect.
  const [leaving, setLeaving] = useState(false);
  usePageTitle(mode === 'sign-in' ? 'Sign In' : 'Create an account');

  const goOn = (signedIn: PublicUser) => {
    setLeaving(true);
    void navigate(destinationAfterSignIn(signedIn, next), { replace: true });
  };

  if (status === 'loading' || leaving) return <PageSpinner label="Checking your session…" />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      {status === 'signed-in' && user ? (
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              You are signed in
            </CardTitle>
            <CardDescription>
              Signed in as <span className="font-medium text-gray-900">{user.username}</span>.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Button onClick={() => goOn(user)}>Continue</Button>
            <Button
              variant="outline"
              disabled={isSigningOut}
              onClick={async () => {
                try {
                  await signOut();
                  toast({ title: 'Signed out', description: 'You have been signed out.' });
                } catch {
                  toast({ title: 'Sign out failed', description: 'Please try again.', variant: 'destructive' });
                }
              }}
            >
              Sign out
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader className="text-center">
            <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              {mode === 'sign-in' ? <LogIn className="size-6" aria-hidden="true" /> : <UserPlus className="size-6" aria-hidden="true" />}
            </div>
            <CardTitle as="h1" className="text-2xl">
              {mode === 'sign-in' ? 'Sign In' : 'Create an account'}
            </CardTitle>
            <CardDescription>
              {mode === 'sign-in'
                ? 'Sign in to book services, track orders and chat with providers.'
                : 'Join Go Live to book services across 195+ countries.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {mode === 'sign-in' ? (
              <SignInForm key={prefillEmail} defaultEmail={prefillEmail} onSignedIn={goOn} />
            ) : (
              <SignUpForm
                onSignedIn={goOn}
                onNeedsSignIn={(email) => {
                  setPrefillEmail(email);
                  setMode('sign-in');
                }}
              />
            )}
            <p className="text-center text-sm text-gray-600">
              {mode === 'sign-in' ? 'New to Go Live?' : 'Already have an account?'}{' '}
              <button
                type="button"
                className="rounded font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
              >
                {mode === 'sign-in' ? 'Create an account' : 'Sign in instead'}
              </button>
            </p>
          </CardContent>
        </Card>
      )}
      <div className="mt-6 text-center">
        <Link to="/" className={buttonVariants({ variant: 'ghost' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
      </div>
    </div>
  );
}
