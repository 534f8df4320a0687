import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Inbox, LogIn, RefreshCw, Send, ShieldAlert } from 'lucide-react';
import type { SendNotificationResult } from '@domain/notifications/schemas';
import { cn } from '@client/lib/cn';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { FormField } from '@client/ui/form-field';
import { Input, fieldClasses } from '@client/ui/input';
import { PageSpinner, Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { useAuth } from '@client/features/accounts/use-auth';
import {
  FAILED_FALLBACK,
  FAILED_TITLE,
  MISSING_DESCRIPTION,
  MISSING_TITLE,
  SENT_TITLE,
  TEST_SERVICE_TYPES,
  TestNotificationFormSchema,
  failureMessage,
  missingRequired,
  sendTestNotification,
  toNotificationPayload,
  type TestNotificationForm,
} from './test-notification';

const LOGIN_HERE = '/login?next=/test-notifications';

/**
 * /test-notifications (spec 002 section 2): sends the customer and owner notification e-mails for a made-up order.
 * It mails any address typed in, so the server only accepts it from admins; everyone else gets an explanation.
 */
export function TestNotificationsPage() {
  usePageTitle('Test Notifications');
  const { user, status, refetch } = useAuth();

  if (status === 'loading') return <PageSpinner label="Checking your access…" />;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Test Notifications</h1>
      <p className="mt-1 text-sm text-gray-600">Send the order notification e-mails for a test order, to check how they look and that they go out.</p>
      {status === 'error' ? (
        <Notice
          title="We could not check your access"
          action={
            <Button variant="outline" onClick={() => void refetch()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          }
        >
          The server did not answer. Check your connection and try again.
        </Notice>
      ) : user?.role === 'admin' ? (
        <TestNotificationPanel />
      ) : (
        <Notice
          title="Only administrators can send test notifications"
          action={
            <Link to={LOGIN_HERE} className={buttonVariants()}>
              <LogIn className="size-4" aria-hidden="true" />
              {user ? 'Sign in as an administrator' : 'Sign In'}
            </Link>
          }
        >
          This page sends real e-mail to any address typed into it, so only administrators may use it.
          {user ? ` You are signed in as ${user.username}.` : ''}
        </Notice>
      )}
    </div>
  );
}

function Notice({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <ShieldAlert className="size-5" aria-hidden="true" />
        </div>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription className="break-words">{children}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {action}
        <Link to="/" className={buttonVariants({ variant: 'ghost' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
      </CardContent>
    </Card>
  );
}

function TestNotificationPanel() {
  const [result, setResult] = useState<SendNotificationResult | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TestNotificationForm>({
    resolver: zodResolver(TestNotificationFormSchema),
    defaultValues: { customerEmail: '', customerName: '', serviceType: '', amount: '' },
  });

  const onValid = async (values: TestNotificationForm) => {
    setResult(null);
    try {
      const sent = await sendTestNotification(toNotificationPayload(values));
      setResult(sent);
      if (sent.success) toast({ title: SENT_TITLE, description: sent.message, variant: 'success' });
      else toast({ title: FAILED_TITLE, description: sent.message || FAILED_FALLBACK, variant: 'destructive' });
    } catch (error) {
      toast({ title: FAILED_TITLE, description: failureMessage(error), variant: 'destructive' });
    }
  };

  // Spec 002 section 5: a blank required field is announced with one toast; each field also says what it needs.
  const onInvalid = () => {
    if (missingRequired(getValues())) toast({ title: MISSING_TITLE, description: MISSING_DESCRIPTION, variant: 'destructive' });
  };

  return (
    <div className="mt-6 grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Test order</CardTitle>
          <CardDescription>The customer e-mail goes to the address below; the owner e-mail goes to the marketplace's own inbox.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Send a test notification">
            <FormField label="Customer e-mail" required error={errors.customerEmail?.message} className="sm:col-span-2">
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="off"
                  inputMode="email"
                  placeholder="customer@example.com"
                  {...register('customerEmail')}
                />
              )}
            </FormField>
            <FormField label="Customer name" required error={errors.customerName?.message}>
              {(control) => <Input {...control} autoComplete="off" {...register('customerName')} />}
            </FormField>
            <FormField label="Service type" required error={errors.serviceType?.message}>
              {(control) => (
                <select {...control} className={cn(fieldClasses, 'h-10 py-2')} {...register('serviceType')}>
                  <option value="">Choose a service</option>
                  {TEST_SERVICE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Amount (optional)" error={errors.amount?.message} hint="In dollars, at most 2 decimals, e.g. 49.99.">
              {(control) => <Input {...control} inputMode="decimal" autoComplete="off" placeholder="0.00" {...register('amount')} />}
            </FormField>
            <div className="flex items-end sm:col-span-2">
              <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
                {isSubmitting ? <Spinner label="Sending the test notification…" className="text-white [&_svg]:text-white" /> : null}
                {isSubmitting ? 'Sending…' : (
                  <>
                    <Send className="size-4" aria-hidden="true" />
                    Send Test Notification
                  </>
                )}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {result ? <SendResult result={result} /> : null}

      <p className="text-sm text-gray-600">
        <Inbox className="mr-1.5 inline size-4 align-[-3px] text-gray-500" aria-hidden="true" />
        Every e-mail the app sends, with its HTML and text, is listed in the{' '}
        <Link to="/admin?tab=mail" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          admin Mail tab
        </Link>
        .
      </p>
    </div>
  );
}

/** Spec 002 section 2: a check mark per e-mail. The mark is decoration; the words say whether it went. */
function SendResult({ result }: { result: SendNotificationResult }) {
  return (
    <section aria-labelledby="send-result-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="send-result-heading" className="text-lg font-semibold text-gray-900">
        Result
      </h2>
      <ul className="mt-3 grid gap-2">
        <DeliveryLine label="Customer e-mail" sent={result.customerSent} />
        <DeliveryLine label="Owner e-mail" sent={result.ownerSent} />
      </ul>
      {result.message ? <p className="mt-3 break-words text-sm text-gray-600">{result.message}</p> : null}
    </section>
  );
}

function DeliveryLine({ label, sent }: { label: string; sent: boolean }) {
  return (
    <li className="flex items-center gap-3 text-sm">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full font-bold',
          sent ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-700',
        )}
      >
        {sent ? '✓' : '✗'}
      </span>
      <span className="font-medium text-gray-900">{label}</span>
      <span className={cn('ml-auto', sent ? 'text-emerald-800' : 'text-red-700')}>{sent ? 'Sent' : 'Not sent'}</span>
    </li>
  );
}
