/** The inbox's surface for other modules: writing a message to users' inboxes from their consumers. */
export { deliverMessage } from './queries.ts';
