import { InlineSignIn } from '@client/features/accounts/inline-sign-in';

/**
 * Signed out, the chat asks for sign-in in place (as the checkout does); once the auth query has a user, the chat
 * that was asked for appears by itself.
 */
export function ChatSignIn({ intro = 'Sign in or create an account to chat. You will continue right here.', onRetryMe }: { intro?: string; onRetryMe?: () => void }) {
  return <InlineSignIn intro={intro} onRetryMe={onRetryMe} />;
}
