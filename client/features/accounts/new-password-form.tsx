import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN } from '@domain/accounts/schemas';
import { Button } from '@client/ui/button';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { NewPasswordFormSchema, type NewPasswordForm as NewPasswordValues, type PasswordLinkFailure } from './password-link';

type NewPasswordFormProps = {
  /** The form's accessible name. */
  label: string;
  submitText: string;
  busyText: string;
  /**
   * Saves the password. Resolves to null when it was saved, or to the failure to show: a password message goes on
   * the field and the rest above the form. A dead link is the page's to handle (it replaces the form).
   */
  onSubmit: (password: string) => Promise<PasswordLinkFailure | null>;
};

/** New password typed twice, with the registration limits; shared by /set-password and /reset-password. */
export function NewPasswordForm({ label, submitText, busyText, onSubmit }: NewPasswordFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const submit = async (values: NewPasswordValues) => {
    setFormError(null);
    const failure = await onSubmit(values.password);
    if (!failure || failure.linkInvalid) return;
    if (failure.password) setError('password', { message: failure.password });
    setFormError(failure.message);
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="grid gap-4" aria-label={label}>
      <FormAlert message={formError} />
      <FormField label="New password" required error={errors.password?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('password')} />}
      </FormField>
      <FormField label="Confirm password" required error={errors.confirm?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('confirm')} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner label={busyText} className="text-white [&_svg]:text-white" /> : null}
        {isSubmitting ? 'Saving…' : submitText}
      </Button>
    </form>
  );
}
