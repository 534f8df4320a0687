import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { LoginSchema, type Login, type PublicUser } from '@domain/accounts/schemas';
import { parseApiError } from '@client/lib/api';
import { stopIfOffline } from '@client/lib/online';
import { OfflineNotice } from '@client/ui/offline-notice';
import { Button } from '@client/ui/button';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { signInLinkSent } from './sign-in-link';
import { useAuth } from './use-auth';

type SignInFormProps = {
  defaultEmail?: string;
  onSignedIn: (user: PublicUser) => void;
};

/** Spec 002 section 8: the login toasts. Returns the inline message shown above the form. */
export function reportSignInFailure(error: unknown): string {
  const parsed = parseApiError(error);
  if (parsed.status === null) {
    const description = `Unable to connect to server: ${parsed.raw}`;
    toast({ title: 'Login Error', description, variant: 'destructive' });
    return description;
  }
  const description = parsed.readable ? (parsed.message ?? 'Invalid credentials') : 'Unknown error';
  toast({ title: 'Login Failed', description, variant: 'destructive' });
  return description;
}

export function SignInForm({ defaultEmail = '', onSignedIn }: SignInFormProps) {
  const { signIn } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  // Issue 27: the account is slowed down after failed sign-ins and this browser is new to it: a link was mailed.
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = async (values: Login) => {
    setFormError(null);
    setLinkSent(null);
    if (stopIfOffline('signing in')) return;
    try {
      const user = await signIn(values);
      toast({ title: 'Login Successful', description: `Welcome back, ${user.username}!`, variant: 'success' });
      onSignedIn(user);
    } catch (error) {
      const sent = signInLinkSent(error);
      if (sent) {
        setLinkSent(sent);
        return;
      }
      const { errors: fieldErrors } = parseApiError(error);
      for (const field of ['email', 'password'] as const) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
      setFormError(reportSignInFailure(error));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label="Sign in">
      <FormAlert message={formError} />
      <div role="status" aria-live="polite">
        {linkSent ? (
          <p className="flex gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <span className="font-medium">Check your e-mail.</span> {linkSent}
            </span>
          </p>
        ) : null}
      </div>
      <OfflineNotice action="signing in" />
      <FormField label="Email" required error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register('email')} />
        )}
      </FormField>
      <FormField label="Password" required error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...register('password')} />}
      </FormField>
      <p className="-mt-2 text-right text-sm">
        <Link
          to="/forgot-password"
          className="rounded font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          Forgot password?
        </Link>
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label="Signing in…" className="text-white [&_svg]:text-white" /> : null}
        {isSubmitting ? 'Signing In…' : 'Sign In'}
      </Button>
    </form>
  );
}
