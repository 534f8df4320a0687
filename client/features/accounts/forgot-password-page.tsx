import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, MailCheck, MailQuestion } from 'lucide-react';
import { ForgotPasswordSchema } from '@domain/notifications/schemas';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { forgotPasswordFailure, requestPasswordReset } from './password-reset';

/**
 * /forgot-password: asks for a reset link by e-mail. The answer is the same whether or not the address has an
 * account, so the page shows the server's neutral text and never says 'no such user'.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [answer, setAnswer] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: { email: string }) => {
    setFormError(null);
    try {
      setAnswer(await requestPasswordReset(values.email));
    } catch (error) {
      const failure = forgotPasswordFailure(error);
      if (failure.email) setError('email', { message: failure.email });
      setFormError(failure.message);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {answer ? <MailCheck className="size-6" aria-hidden="true" /> : <MailQuestion className="size-6" aria-hidden="true" />}
          </div>
          <CardTitle as="h1" className="text-2xl">
            Forgot your password?
          </CardTitle>
          <CardDescription>
            {answer ? 'Check your inbox.' : 'Enter the e-mail address of your account and we will send you a link to choose a new password.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {answer ? (
            <>
              <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
                {answer}
              </p>
              <Button variant="outline" onClick={() => setAnswer(null)}>
                Send another link
              </Button>
            </>
          ) : (
            <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label="Ask for a reset link">
              <FormAlert message={formError} />
              <FormField label="Email" required error={errors.email?.message}>
                {(control) => (
                  <Input {...control} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register('email')} />
                )}
              </FormField>
              <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? <Spinner label="Sending the link…" className="text-white [&_svg]:text-white" /> : null}
                {isSubmitting ? 'Sending…' : 'Send Reset Link'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
      <div className="mt-6 text-center">
        <Link to="/login" className={buttonVariants({ variant: 'ghost' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Sign In
        </Link>
      </div>
    </div>
  );
}
