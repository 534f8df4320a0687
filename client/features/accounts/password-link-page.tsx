import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LinkIcon } from 'lucide-react';
import { usePageTitle } from '@client/lib/use-page-title';
import { buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { toast } from '@client/ui/use-toast';
import { NewPasswordForm } from './new-password-form';
import { tokenFromSearch, type PasswordLinkFailure } from './password-link';
import { AUTH_ME_KEY } from './use-auth';

export type PasswordLinkPageProps = {
  title: string;
  /** Under the title while the link is usable. */
  intro: string;
  submitText: string;
  busyText: string;
  /** Shown when the URL has no token at all. */
  invalidMessage: string;
  /** The notice for a dead link, from the server's message. */
  invalidText: (message: string) => string;
  /** Where a dead link sends the person instead. */
  invalidAction: { to: string; label: string };
  /** The API call; throws the api helper's error on refusal. */
  save: (token: string, password: string) => Promise<unknown>;
  /** Turns a thrown error into what the page shows. */
  failureOf: (error: unknown) => PasswordLinkFailure;
  success: { title: string; description: string };
  failureTitle: string;
};

/**
 * A page behind a one-time password link (`?token=...`): the new-password form, or, when the link is missing or
 * refused, a notice with the way to a new one. On success it signs in afresh at /login.
 */
export function PasswordLinkPage(props: PasswordLinkPageProps) {
  const { title, intro, invalidMessage, invalidText, invalidAction, save, failureOf, success, failureTitle } = props;
  usePageTitle(title);
  const [searchParams] = useSearchParams();
  const token = tokenFromSearch(searchParams);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Without a token there is nothing to submit; a refused token turns the form into the same notice.
  const [invalidLink, setInvalidLink] = useState<string | null>(token ? null : invalidMessage);

  const onSubmit = async (password: string): Promise<PasswordLinkFailure | null> => {
    if (!token) return null;
    try {
      await save(token, password);
    } catch (error) {
      const failure = failureOf(error);
      if (failure.linkInvalid) setInvalidLink(failure.message);
      else toast({ title: failureTitle, description: failure.message, variant: 'destructive' });
      return failure;
    }
    toast({ title: success.title, description: success.description, variant: 'success' });
    // A reset ends every session of the account, possibly this browser's: ask the server who is signed in now,
    // so /login does not offer to 'Continue' with a session that no longer exists.
    void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
    void navigate('/login', { replace: true });
    return null;
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card>
        <CardHeader className="text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {invalidLink ? <LinkIcon className="size-6" aria-hidden="true" /> : <KeyRound className="size-6" aria-hidden="true" />}
          </div>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription>{invalidLink ? 'This link cannot be used.' : intro}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invalidLink ? (
            <>
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {invalidText(invalidLink)}
              </p>
              <Link to={invalidAction.to} className={buttonVariants({ variant: 'outline' })}>
                {invalidAction.label}
              </Link>
            </>
          ) : (
            <NewPasswordForm label={title} submitText={props.submitText} busyText={props.busyText} onSubmit={onSubmit} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
