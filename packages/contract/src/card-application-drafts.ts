/**
 * The draft of a card application (SPEC.md section 5 "Card"): what a company user typed into the
 * application so far, kept on the server so that they can leave and resume later, on any device.
 *
 * - A draft belongs to the user who wrote it (one per user): another user of the company neither
 *   reads nor overwrites it. Submitting the application (card/audit) discards it.
 * - A draft holds answers as typed, unchecked (a half-typed email is still a draft), each bounded in
 *   length; the rules apply when the application is submitted. Its dates are only those the user
 *   typed: SPEC.md's defaults for an ID without issue or expiry date are computed at submission,
 *   never stored in a draft.
 * - The documents already uploaded stay attached by their ids; reading the draft answers each as the
 *   document it is (a document of another company, or one deleted since, reads as none).
 */
import { z } from 'zod';
import { defineCall } from './calls.ts';
import { CardholderDocuments } from './card-applications.ts';
import { identifierText } from './text.ts';

/** The steps of the application form, in order: the draft remembers the furthest one reached. */
export const cardApplicationSteps = ['cardholder', 'address', 'id', 'proof', 'card', 'review'] as const;
export const CardApplicationStep = z.enum(cardApplicationSteps);
export type CardApplicationStep = z.infer<typeof CardApplicationStep>;

/** A typed answer, unchecked but bounded (registerCall already refuses NUL and lone surrogates). */
const answer = (maxLength: number) => z.string().max(maxLength);
/** A day as the form keeps it: ISO (YYYY-MM-DD) or empty; never filled in by the product. */
const draftDay = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]);
const draftDocumentId = identifierText(64).nullable();

const DraftAddress = z
  .object({
    line1: answer(100),
    line2: answer(100),
    city: answer(60),
    state: answer(60),
    country: answer(2),
    postal_code: answer(16),
  })
  .partial()
  .strict();

/** Every answer of the application form, each optional: what the user has typed so far. */
export const CardApplicationDraftValues = z
  .object({
    title: answer(10),
    first_name: answer(50),
    last_name: answer(50),
    gender: answer(10),
    date_of_birth: draftDay,
    username: answer(32),
    email: answer(254),
    /** The proof card/verifyCode answered; read back only while it is still valid. */
    email_proof: answer(1000),
    phone_country: answer(2),
    phone: answer(32),
    applicant_type: answer(20),
    sponsor_user_id: answer(64),
    residence_address: DraftAddress,
    mailing_same_as_residence: z.boolean(),
    mailing_address: DraftAddress,
    id_type: answer(20),
    id_number: answer(40),
    id_issuing_country: answer(2),
    id_language: answer(10),
    id_issue_date: draftDay,
    id_expiry_date: draftDay,
    id_front_document_id: draftDocumentId,
    id_back_document_id: draftDocumentId,
    proof_of_address_type: answer(30),
    proof_of_address_issuer: answer(100),
    proof_of_address_language: answer(10),
    proof_of_address_issue_date: draftDay,
    proof_of_address_front_document_id: draftDocumentId,
    proof_of_address_back_document_id: draftDocumentId,
    documents_in_english: z.boolean(),
    level: answer(20),
    network: answer(20),
    name_on_card: answer(26),
    funding_asset: answer(10),
    is_programme_enrolment: z.boolean(),
    notes: answer(1000),
    accept_terms: z.boolean(),
    declare_source_of_funds: z.boolean(),
  })
  .partial()
  .strict();
export type CardApplicationDraftValues = z.infer<typeof CardApplicationDraftValues>;

export const CardApplicationDraft = z.object({
  values: CardApplicationDraftValues,
  /** The furthest step the user reached: the form resumes there. */
  step: CardApplicationStep,
  /** The documents the draft's ids name, as they are now. */
  documents: CardholderDocuments,
  saved_at: z.string(),
});
export type CardApplicationDraft = z.infer<typeof CardApplicationDraft>;

export const getCardApplicationDraft = defineCall({
  path: '/api/v1/card/applicationDraft/get',
  permission: 'card_management',
  isKycGated: true,
  summary: "The signed-in user's draft of a card application, or null when they have none",
  request: z.object({}).strict(),
  response: z.object({ draft: CardApplicationDraft.nullable() }),
});

export const saveCardApplicationDraft = defineCall({
  path: '/api/v1/card/applicationDraft/save',
  permission: 'card_management',
  isKycGated: true,
  summary: "Keep the signed-in user's draft of a card application (replacing their previous draft)",
  request: z.object({ values: CardApplicationDraftValues, step: CardApplicationStep }).strict(),
  response: z.object({ saved_at: z.string() }),
});

export const discardCardApplicationDraft = defineCall({
  path: '/api/v1/card/applicationDraft/discard',
  permission: 'card_management',
  isKycGated: true,
  summary: "Forget the signed-in user's draft of a card application (to start again)",
  request: z.object({}).strict(),
  response: z.object({ is_discarded: z.boolean() }),
});
