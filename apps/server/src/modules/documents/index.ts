/**
 * The documents module's public surface: what other modules may use (lint refuses any other import
 * of this folder from outside it). An owner of document purposes (company KYC) makes the upload and
 * phone-link services with its DocumentOwnerPolicy and registers the calls whose bodies it defines;
 * the documents module itself serves the storage's signed routes and the download link.
 */
export { createPhoneLinkService } from './phone-link-service.ts';
export type { DocumentRow } from './queries.ts';
export {
  findCompanyDocuments,
  findDocumentsByIds,
  insertDocument,
  removeUnreferencedDocuments,
} from './queries.ts';
export {
  createDocumentService,
  type DocumentOwnerPolicy,
  type DocumentService,
  documentRefOf,
} from './service.ts';
/** The table itself, for another module's foreign key to a document it keeps (a deposit notice's proof). */
export { documents } from './tables.ts';
