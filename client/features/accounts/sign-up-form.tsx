import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, RegisterSchema, type PublicUser, type Register } from '@domain/accounts/schemas';
import { parseApiError } from '@client/lib/api';
import { stopIfOffline } from '@client/lib/online';
import { OfflineNotice } from '@client/ui/offline-notice';
import { Button } from '@client/ui/button';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { useAuth } from './use-auth';

const FIELDS = ['username', 'email', 'password', 'phone'] as const;
type Field = (typeof FIELDS)[number];

type SignUpFormProps = {
  onSignedIn: (user: PublicUser) => void;
  /** The account exists but the automatic sign-in failed: let the user sign in by hand. */
  onNeedsSignIn: (email: string) => void;
};

export function SignUpForm({ onSignedIn, onNeedsSignIn }: SignUpFormProps) {
  const { register: createAccount, signIn } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { username: '', email: '', password: '', phone: '' },
  });

  const onSubmit = async (values: Register) => {
    setFormError(null);
    if (stopIfOffline('creating an account')) return;
    let answer: string;
    try {
      answer = (await createAccount(values)).message;
    } catch (error) {
      const parsed = parseApiError(error);
      if (parsed.status === null) {
        const description = `Unable to connect to server: ${parsed.raw}`;
        setFormError(description);
        toast({ title: 'Registration Error', description, variant: 'destructive' });
        return;
      }
      let mapped = false;
      for (const [field, message] of Object.entries(parsed.errors)) {
        if ((FIELDS as readonly string[]).includes(field)) {
          setError(field as Field, { message });
          mapped = true;
        }
      }
      const message = parsed.message ?? (parsed.readable ? 'Please check the form and try again.' : 'Unknown error');
      setFormError(mapped && parsed.status === 400 ? 'Please correct the highlighted fields.' : message);
      toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
      return;
    }

    try {
      const user = await signIn({ email: values.email, password: values.password });
      toast({ title: 'Account Created', description: `Welcome to Go Live, ${user.username}!`, variant: 'success' });
      onSignedIn(user);
    } catch {
      // The same answer comes when the e-mail already had an account (the owner is mailed): do not say which.
      toast({ title: 'Check your e-mail', description: answer });
      onNeedsSignIn(values.email);
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label="Create an account">
      <FormAlert message={formError} />
      <OfflineNotice action="creating an account" />
      <FormField label="Username" required error={errors.username?.message} hint="Letters, digits, dots, dashes and underscores.">
        {(control) => <Input {...control} autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />}
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...register('email')} />
        )}
      </FormField>
      <FormField label="Password" required error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('password')} />}
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        {(control) => <Input {...control} type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label="Creating your account…" className="text-white [&_svg]:text-white" /> : null}
        {isSubmitting ? 'Creating Account…' : 'Create Account'}
      </Button>
    </form>
  );
}
