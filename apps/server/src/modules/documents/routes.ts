/** The documents' own call: the short-lived link to read a document. */
import { documentUrl } from '@bank/contract/documents';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/route.ts';
import type { createDocumentLinks } from './service.ts';

export function registerDocumentCalls(app: FastifyInstance, links: ReturnType<typeof createDocumentLinks>): void {
  registerCall(app, documentUrl, (body, call) => links.documentUrl(body, call));
}
