/** What other modules may use of notifications: mail that must be stored in their own transaction. */
export { queueLinkMail, queueRegistrationApproved, queueRegistrationConfirmation, renderLinkMail, type LinkMail } from './subscribers';
