/** The support module's front door: contact messages (/api/contact), and for admin their count, list rows and read marks. */
export { supportRoutes } from './routes';
export { countUnreadMessages, markMessageRead, toAdminMessage } from './service';
