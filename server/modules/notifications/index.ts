/**
 * What other modules may use of notifications: mail that must be stored in their own transaction; for the app its
 * routes and the reactions that turn domain events into mail; the templates (the mail bench renders them).
 */
export { notificationsRoutes } from './routes';
export { registerNotifications } from './subscribers';
export { templates } from './templates';
export { queueLinkMail, queueRegistrationApproved, queueRegistrationConfirmation, renderLinkMail, type LinkMail } from './subscribers';
