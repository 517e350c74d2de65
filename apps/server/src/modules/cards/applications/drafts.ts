/**
 * Drafts of card applications (contract card-application-drafts.ts): one per company user, read and
 * written only by that user. A draft keeps the answers as typed; it never fills in a date (SPEC.md's
 * defaults for an ID's missing dates are applied when the application is submitted). Its documents
 * are checked to be the company's card documents when saved, and read back as they are now.
 */
import { Email } from '@bank/contract/account';
import type {
  CardApplicationDraft,
  CardApplicationDraftValues,
  CardApplicationStep,
} from '@bank/contract/card-application-drafts';
import type { CardholderDocuments } from '@bank/contract/card-applications';
import { and, eq } from 'drizzle-orm';
import type { CardProcessor } from '../../../adapters/card-processor/card-processor.ts';
import type { DbHandle } from '../../../platform/db.ts';
import { isUuid } from '../../../platform/ids.ts';
import type { SecretBox } from '../../../platform/secret-box.ts';
import { documentRefOf, findDocumentsByIds } from '../../documents/index.ts';
import {
  type ClientActor,
  cardDocumentSection,
  checkCardDocuments,
  isEmailProven,
  type SubmitBody,
  submitApplication,
} from './applications.ts';
import { discardDraft } from './queries.ts';
import { cardApplicationDrafts } from './tables.ts';

/** The user whose draft it is, of which company, and when. */
export type DraftOwner = { userId: string; companyId: string; now: Date };

type DocumentField = keyof Pick<
  CardApplicationDraftValues,
  | 'id_front_document_id'
  | 'id_back_document_id'
  | 'proof_of_address_front_document_id'
  | 'proof_of_address_back_document_id'
>;

/** Each document field of a draft, the purpose its document must have and where the form shows it. */
const documentFields: readonly {
  field: DocumentField;
  purpose: 'cardholder_id' | 'proof_of_address';
  shownAs: keyof CardholderDocuments;
}[] = [
  { field: 'id_front_document_id', purpose: 'cardholder_id', shownAs: 'id_front' },
  { field: 'id_back_document_id', purpose: 'cardholder_id', shownAs: 'id_back' },
  { field: 'proof_of_address_front_document_id', purpose: 'proof_of_address', shownAs: 'proof_of_address_front' },
  { field: 'proof_of_address_back_document_id', purpose: 'proof_of_address', shownAs: 'proof_of_address_back' },
];

/** Keeps the user's draft, replacing the one before; a document that is not the company's card document is refused on its field. */
export async function saveDraft(
  handle: DbHandle,
  owner: DraftOwner,
  body: { values: CardApplicationDraftValues; step: CardApplicationStep },
): Promise<{ saved_at: string }> {
  await checkCardDocuments(
    handle,
    owner.companyId,
    Object.fromEntries(
      documentFields.map(({ field, purpose }) => [field, { id: body.values[field] ?? null, purpose }]),
    ),
  );
  await handle
    .insert(cardApplicationDrafts)
    .values({
      user_id: owner.userId,
      company_id: owner.companyId,
      values: body.values,
      step: body.step,
      created_at: owner.now,
      updated_at: owner.now,
    })
    .onConflictDoUpdate({
      target: cardApplicationDrafts.user_id,
      set: { values: body.values, step: body.step, updated_at: owner.now },
    });
  return { saved_at: owner.now.toISOString() };
}

/**
 * The user's draft, or null. Its documents are those still the company's card documents (one
 * deleted since reads as none, its id dropped), and the email's proof is kept only while valid.
 */
export async function draftOf(
  handle: DbHandle,
  secretBox: SecretBox,
  owner: DraftOwner,
): Promise<{ draft: CardApplicationDraft | null }> {
  const [row] = await handle
    .select()
    .from(cardApplicationDrafts)
    .where(and(eq(cardApplicationDrafts.user_id, owner.userId), eq(cardApplicationDrafts.company_id, owner.companyId)));
  if (!row) return { draft: null };
  const values: CardApplicationDraftValues = { ...row.values };
  const ids = documentFields.flatMap(({ field }) => {
    const id = values[field];
    return id && isUuid(id) ? [id] : [];
  });
  const found = new Map((await findDocumentsByIds(handle, owner.companyId, ids)).map((row) => [row.id, row]));
  const documents: CardholderDocuments = {
    id_front: null,
    id_back: null,
    proof_of_address_front: null,
    proof_of_address_back: null,
  };
  for (const { field, purpose, shownAs } of documentFields) {
    const id = values[field];
    if (!id) continue;
    const document = found.get(id);
    const isLive =
      document !== undefined &&
      !document.deleted_at &&
      document.section === cardDocumentSection &&
      document.kind === purpose;
    if (isLive) documents[shownAs] = documentRefOf(document);
    else values[field] = null;
  }
  if (values.email_proof) {
    const email = Email.safeParse(values.email ?? '');
    const isProven =
      email.success &&
      isEmailProven(secretBox, {
        companyId: owner.companyId,
        email: email.data,
        sealed: values.email_proof,
        now: owner.now,
      });
    if (!isProven) values.email_proof = '';
  }
  return { draft: { values, step: row.step, documents, saved_at: row.updated_at.toISOString() } };
}

/** The discard call's answer: whether the user had a draft. */
export async function discardOwnDraft(handle: DbHandle, owner: Pick<DraftOwner, 'userId'>) {
  return { is_discarded: await discardDraft(handle, owner) };
}

/** The application submitted and, in the same transaction, the submitter's draft discarded: it has done its work. */
export async function submitFromDraft(
  handle: DbHandle,
  dependencies: { processor: CardProcessor; secretBox: SecretBox },
  actor: ClientActor,
  body: SubmitBody,
) {
  const application = await submitApplication(handle, dependencies, actor, body);
  await discardDraft(handle, actor);
  return application;
}
