/** The inbox's public surface: later modules write their own kinds of message through it. */
export { deliverMessage, type NewMessage } from './messages.ts';
