import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LinkIcon } from 'lucide-react';
import { PASSWORD_MIN } from '@domain/accounts/schemas';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { INVALID_LINK_MESSAGE, SetPasswordFormSchema, setPassword, setPasswordFailure, tokenFromSearch, type SetPasswordForm } from './set-password';

/**
 * /set-password?token=...: the page behind the link an admin hands to someone whose driver application was
 * approved before they had an account. Choosing a password here makes the account usable; then they sign in.
 */
export function SetPasswordPage() {
  usePageTitle('Set your password');
  const [searchParams] = useSearchParams();
  const token = tokenFromSearch(searchParams);
  const navigate = useNavigate();
  // Without a token there is nothing to submit; a refused token turns the form into the same notice.
  const [invalidLink, setInvalidLink] = useState<string | null>(token ? null : INVALID_LINK_MESSAGE);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = async (values: SetPasswordForm) => {
    if (!token) return;
    setFormError(null);
    try {
      await setPassword(token, values.password);
      toast({ title: 'Password Set', description: 'Your password is ready. Sign in to continue.', variant: 'success' });
      void navigate('/login', { replace: true });
    } catch (error) {
      const failure = setPasswordFailure(error);
      if (failure.linkInvalid) {
        setInvalidLink(failure.message);
        return;
      }
      if (failure.password) setError('password', { message: failure.password });
      setFormError(failure.message);
      toast({ title: 'Password Not Set', description: failure.message, variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {invalidLink ? <LinkIcon className="size-6" aria-hidden="true" /> : <KeyRound className="size-6" aria-hidden="true" />}
          </div>
          <CardTitle as="h1" className="text-2xl">
            Set your password
          </CardTitle>
          <CardDescription>{invalidLink ? 'This link cannot be used.' : 'Choose a password for your Go Live account.'}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invalidLink ? (
            <>
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {invalidLink.replace(/\.$/, '')}. Ask the person who sent it for a new link.
              </p>
              <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
                Go to Sign In
              </Link>
            </>
          ) : (
            <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label="Set your password">
              <FormAlert message={formError} />
              <FormField label="New password" required error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
                {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('password')} />}
              </FormField>
              <FormField label="Confirm password" required error={errors.confirm?.message}>
                {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('confirm')} />}
              </FormField>
              <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? <Spinner label="Saving your password…" className="text-white [&_svg]:text-white" /> : null}
                {isSubmitting ? 'Saving…' : 'Set Password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
