/** The msg/* calls: each user reads, marks and deletes their own messages, and nobody else's. */
import {
  clearMessages,
  countUnreadMessages,
  deleteMessage,
  listMessageBoxes,
  listMessages,
  readMessage,
} from '@bank/contract/inbox';
import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../../platform/db.ts';
import { registerCall } from '../../platform/route.ts';
import { markAllRead, markRead, messageBoxes, messagePage, removeMessage, unreadCount } from './queries.ts';

export function registerInboxCalls(app: FastifyInstance, db: AppDatabase): void {
  registerCall(app, listMessages, (body, call) => messagePage(db, call.session.user_id, body));
  registerCall(app, readMessage, (body, call) => markRead(db, call.session.user_id, body.message_id, call.now));
  registerCall(app, countUnreadMessages, async (_body, call) => ({
    unread: await unreadCount(db, call.session.user_id),
  }));
  registerCall(app, clearMessages, async (body, call) => ({
    marked: await markAllRead(db, call.session.user_id, body.category, call.now),
  }));
  registerCall(app, listMessageBoxes, async (_body, call) => ({ boxes: await messageBoxes(db, call.session.user_id) }));
  registerCall(app, deleteMessage, (body, call) =>
    removeMessage(db, call.session.user_id, body.message_id).then(() => null),
  );
}
