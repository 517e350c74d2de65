/** What a user and their company look like to the client (contract UserInfo): an allow-list of fields. */
import { isStaffRole, type UserInfo, type UserRole } from '@bank/contract/account';
import { defaultLanguage, isLanguage, type Language } from '@bank/contract/constants';
import { type AccountKycStatus, accountKycStatuses } from '@bank/contract/states';
import type { UserRow } from './queries.ts';

/** Staff have no company, and so no KYC of their own: they read as not submitted. */
export function kycStatusOfCompany(value: string | null | undefined): AccountKycStatus {
  return (accountKycStatuses as readonly string[]).includes(value ?? '')
    ? (value as AccountKycStatus)
    : 'not_submitted';
}

export function isStaffUser(user: Pick<UserRow, 'role'>): boolean {
  return isStaffRole(user.role as UserRole);
}

/** The language of a user's emails. */
export function languageOfUser(user: Pick<UserRow, 'language'>): Language {
  return isLanguage(user.language) ? user.language : defaultLanguage;
}

export function userInfoOf(
  user: UserRow,
  company: { id: string; name: string | null; kyc_status: string } | null | undefined,
): UserInfo {
  return {
    user_id: user.id,
    email: user.email,
    full_name: user.full_name,
    phone_country: user.phone_country,
    phone: user.phone,
    kyc_status: kycStatusOfCompany(company?.kyc_status),
    role: user.role as UserRole,
    is_staff: isStaffUser(user),
    is_authenticator_paired: user.totp_paired_at !== null,
    has_accepted_terms: user.terms_accepted_at !== null,
    company: company ? { id: company.id, name: company.name } : null,
  };
}
