import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ArrowLeft, CheckCircle2, Mail } from 'lucide-react';
import {
  CONTACT_SUCCESS_DESCRIPTION,
  CONTACT_SUCCESS_TITLE,
  ContactMessageSchema,
  type ContactMessage,
  type ContactMessageInput,
} from '@domain/support/schemas';
import { apiPost, parseApiError } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** /contact: the support form the hub's Get Support button leads to. Messages are stored for the admin. */
export function ContactPage() {
  usePageTitle('Contact Us');
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  const onSubmit = async (values: ContactMessage) => {
    setFormError(null);
    try {
      await apiPost('/api/contact', { body: values });
      toast({ title: CONTACT_SUCCESS_TITLE, description: CONTACT_SUCCESS_DESCRIPTION, variant: 'success' });
      reset();
      setSent(true);
    } catch (error) {
      const parsed = parseApiError(error);
      for (const field of FIELDS) {
        if (parsed.errors[field]) setError(field, { type: 'server', message: parsed.errors[field] });
      }
      const description = parsed.message ?? 'Please try again later.';
      setFormError(description);
      toast({ title: 'Message not sent', description, variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <Card>
        <CardHeader>
          <div className="mb-1 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Mail className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-2xl sm:text-3xl">
            Contact Us
          </CardTitle>
          <CardDescription>Questions about registering or using the platform? Send us a message and our support team will reply.</CardDescription>
        </CardHeader>
        <CardContent>
          {sent ? (
            <div className="grid justify-items-center gap-4 py-6 text-center" role="status">
              <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
              <h2 className="text-xl font-semibold text-gray-900">{CONTACT_SUCCESS_TITLE}</h2>
              <p className="text-gray-600">{CONTACT_SUCCESS_DESCRIPTION}</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button variant="outline" onClick={() => setSent(false)}>
                  Send another message
                </Button>
                <Link to="/" className={buttonVariants({ variant: 'ghost' })}>
                  <ArrowLeft className="size-4" aria-hidden="true" />
                  Back to Home
                </Link>
              </div>
            </div>
          ) : (
            <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Contact us" className="grid gap-4">
              <FormAlert message={formError} />
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Name" required error={errors.name?.message}>
                  {(control) => <Input {...control} autoComplete="name" {...register('name')} />}
                </FormField>
                <FormField label="Email" required error={errors.email?.message}>
                  {(control) => <Input {...control} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
                </FormField>
              </div>
              <FormField label="Subject" error={errors.subject?.message}>
                {(control) => <Input {...control} {...register('subject')} />}
              </FormField>
              <FormField label="Message" required error={errors.message?.message}>
                {(control) => <Textarea {...control} rows={6} {...register('message')} />}
              </FormField>
              <div className="flex justify-end">
                <Button type="submit" size="lg" disabled={isSubmitting}>
                  {isSubmitting ? <Spinner label="Sending…" className="text-white [&_svg]:text-white" /> : null}
                  {isSubmitting ? 'Sending...' : 'Send Message'}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
