/**
 * The card application's answers as its form holds them, before the request is made of them: the
 * page, its steps and its draft all read this shape, so it sits below the three of them.
 */
import type { DocumentRef } from '@bank/contract/documents';

const emptyAddress = { line1: '', line2: '', city: '', state: '', country: '', postal_code: '' };

export const initialApplication = {
  title: '',
  first_name: '',
  last_name: '',
  gender: '',
  date_of_birth: '',
  username: '',
  email: '',
  email_proof: '',
  phone_country: '',
  phone: '',
  applicant_type: 'director',
  sponsor_user_id: '',
  residence_address: emptyAddress,
  mailing_same_as_residence: true,
  mailing_address: emptyAddress,
  id_type: 'passport',
  id_number: '',
  id_issuing_country: '',
  id_language: 'en',
  id_issue_date: '',
  id_expiry_date: '',
  id_front: null as DocumentRef | null,
  id_back: null as DocumentRef | null,
  proof_of_address_type: '',
  proof_of_address_issuer: '',
  proof_of_address_language: 'en',
  proof_of_address_issue_date: '',
  proof_front: null as DocumentRef | null,
  proof_back: null as DocumentRef | null,
  documents_in_english: false,
  level: 'premier',
  network: 'visa',
  name_on_card: '',
  funding_asset: 'USDT',
  is_programme_enrolment: false,
  notes: '',
  accept_terms: false,
  declare_source_of_funds: false,
};
export type ApplicationValues = typeof initialApplication;
