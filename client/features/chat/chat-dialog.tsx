import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { Spinner } from '@client/ui/spinner';
import { useAuth } from '@client/features/accounts/use-auth';
import { ChatInbox, type ChatTarget } from './chat-inbox';
import { ChatSignIn } from './chat-sign-in';

export type { ChatTarget } from './chat-inbox';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What it was opened about; none for the plain inbox (the header's Messages). */
  target?: ChatTarget;
  /** Dialog title; defaults to 'Chat with {service}' or 'Messages'. */
  title?: string;
};

/**
 * The chat dialog (spec 000 section 2). Signed out, it asks for sign-in in place and then continues with the chat
 * it was opened for.
 */
export function ChatDialog({ open, onOpenChange, target, title }: Props) {
  const auth = useAuth();
  const heading = title ?? (target?.kind === 'service' ? `Chat with ${target.serviceName}` : 'Messages');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl gap-3 p-3 sm:p-5">
        <DialogHeader className="pt-1 pl-1">
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>
            {target?.kind === 'service'
              ? `Ask ${target.serviceName} anything; replies appear here live.`
              : target?.kind === 'tracking'
                ? 'Messages about this delivery; replies appear here live.'
                : 'Your conversations with customers, providers and drivers.'}
          </DialogDescription>
        </DialogHeader>
        {auth.status === 'loading' ? (
          <Spinner label="Checking your account…" showLabel className="justify-center py-6" />
        ) : auth.user ? (
          <ChatInbox user={auth.user} target={target} />
        ) : (
          <ChatSignIn onRetryMe={auth.status === 'error' ? () => void auth.refetch() : undefined} />
        )}
      </DialogContent>
    </Dialog>
  );
}
