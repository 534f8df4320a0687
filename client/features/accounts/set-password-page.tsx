import { PasswordLinkPage } from './password-link-page';
import { INVALID_LINK_MESSAGE, setPassword, setPasswordFailure } from './set-password';

/**
 * /set-password?token=...: the page behind the link an admin hands to someone whose driver application was
 * approved before they had an account. Choosing a password here makes the account usable; then they sign in.
 */
export function SetPasswordPage() {
  return (
    <PasswordLinkPage
      title="Set your password"
      intro="Choose a password for your Go Live account."
      submitText="Set Password"
      busyText="Saving your password…"
      invalidMessage={INVALID_LINK_MESSAGE}
      invalidText={(message) => `${message.replace(/\.$/, '')}. Ask the person who sent it for a new link.`}
      invalidAction={{ to: '/login', label: 'Go to Sign In' }}
      save={setPassword}
      failureOf={setPasswordFailure}
      success={{ title: 'Password Set', description: 'Your password is ready. Sign in to continue.' }}
      failureTitle="Password Not Set"
    />
  );
}
