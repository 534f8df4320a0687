/** The chat module's front door (ADR 012): /api/chat and /ws/chat, the reactions that open conversations, sending a message. */
export { chatRoutes } from './routes';
export { registerChat } from './subscribers';
export { sendMessage } from './service';
