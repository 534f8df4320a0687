import { useId } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogIn, RefreshCw } from 'lucide-react';
import { Switch } from 'radix-ui';
import type { PublicUser } from '@domain/accounts/schemas';
import type { MailPreferences } from '@domain/notifications/schemas';
import { parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { Label } from '@client/ui/label';
import { Skeleton } from '@client/ui/skeleton';
import { PageSpinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { MAIL_PREFERENCES_KEY, preferencesFor, saveMailPreferences, wantsOptionalMail } from './mail-preferences';
import { useAuth } from './use-auth';
import { SessionsCard } from './sessions-card';

/** /account: who is signed in, and whether they want e-mail beyond receipts and security messages. */
export function AccountPage() {
  usePageTitle('Your account');
  const { user, status, refetch } = useAuth();
  if (status === 'loading') return <PageSpinner label="Checking your session…" />;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Your account</h1>
      {status === 'error' ? (
        <Card role="alert" className="mt-6 grid justify-items-center gap-3 p-6 text-center">
          <p className="text-gray-700">We could not check your session. Check your connection and try again.</p>
          <Button variant="outline" onClick={() => void refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </Card>
      ) : user ? (
        <div className="mt-6 grid gap-6">
          <ProfileCard user={user} />
          <MailPreferencesCard />
          <SessionsCard />
        </div>
      ) : (
        <Card className="mt-6 p-6 text-center">
          <p className="text-gray-700">Sign in to see your account.</p>
          <Link to="/login?next=/account" className={buttonVariants({ className: 'mt-4' })}>
            <LogIn className="size-4" aria-hidden="true" />
            Sign In
          </Link>
        </Card>
      )}
    </div>
  );
}

function ProfileCard({ user }: { user: PublicUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium text-gray-600">Username</dt>
          <dd className="min-w-0 break-words text-gray-900">{user.username}</dd>
          <dt className="font-medium text-gray-600">E-mail</dt>
          <dd className="min-w-0 break-words text-gray-900">{user.email}</dd>
        </dl>
        <p className="mt-4 text-sm text-gray-600">
          Forgot your password or want a new one?{' '}
          <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Get a reset link by e-mail
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}

function MailPreferencesCard() {
  const id = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery<MailPreferences>({ queryKey: MAIL_PREFERENCES_KEY });
  const save = useMutation({
    mutationFn: (wantsMail: boolean) => saveMailPreferences(preferencesFor(wantsMail)),
    onSuccess: (saved) => {
      queryClient.setQueryData(MAIL_PREFERENCES_KEY, saved);
      toast({
        title: 'Preferences saved',
        description: wantsOptionalMail(saved) ? 'We will send you non-essential e-mail.' : 'We will only send receipts and security e-mails.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({ title: 'Preferences not saved', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">E-mail</CardTitle>
        <CardDescription id={`${id}-note`}>Receipts and security e-mails (such as password resets) are always sent.</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <div role="status" aria-label="Loading your e-mail preferences">
            <Skeleton className="h-12" />
          </div>
        ) : preferences.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            We could not load your e-mail preferences.
            <Button size="sm" variant="outline" onClick={() => void preferences.refetch()}>
              <RefreshCw className="size-3.5" aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={id} className="min-w-0">
              Send me non-essential e-mail (welcome, order progress, new features)
            </Label>
            <Switch.Root
              id={id}
              // While saving, show the choice just made; a failure falls back to the stored value.
              checked={save.isPending ? save.variables : wantsOptionalMail(preferences.data)}
              onCheckedChange={(checked) => save.mutate(checked)}
              disabled={save.isPending}
              aria-describedby={`${id}-note`}
              className={cn(
                'relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
                'disabled:cursor-wait disabled:opacity-60 data-[state=checked]:bg-brand-600 data-[state=unchecked]:bg-gray-300',
              )}
            >
              <Switch.Thumb
                className={cn(
                  'block size-7 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
                  'data-[state=checked]:translate-x-6 data-[state=unchecked]:translate-x-0',
                )}
              />
            </Switch.Root>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
