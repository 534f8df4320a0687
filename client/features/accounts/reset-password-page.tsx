import { RESET_LINK_INVALID } from '@domain/notifications/schemas';
import { PasswordLinkPage } from './password-link-page';
import { resetPassword, resetPasswordFailure } from './password-reset';

/**
 * /reset-password?token=...: the page behind the link in the 'Reset your password' e-mail (valid 30 minutes, once).
 * A dead link points to /forgot-password for a new one; a saved password sends the person to sign in again.
 */
export function ResetPasswordPage() {
  return (
    <PasswordLinkPage
      title="Reset your password"
      intro="Choose a new password for your Go Live account."
      submitText="Reset Password"
      busyText="Saving your new password…"
      invalidMessage={RESET_LINK_INVALID}
      // The server's text already says what to do ('Ask for a new one.').
      invalidText={(message) => message}
      invalidAction={{ to: '/forgot-password', label: 'Ask for a new link' }}
      save={resetPassword}
      failureOf={resetPasswordFailure}
      success={{ title: 'Password Reset', description: 'Your new password is ready. Sign in with it to continue.' }}
      failureTitle="Password Not Reset"
    />
  );
}
