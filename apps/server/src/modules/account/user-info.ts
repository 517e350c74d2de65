/** What a user and their company look like to the client (contract UserInfo): an allow-list of fields. */
import { isStaffRole, type UserInfo, type UserRole } from '@bank/contract/account';
import type { Language } from '@bank/contract/constants';
import type { Permission } from '@bank/contract/permissions';
import type { AccountKycStatus } from '@bank/contract/states';
import type { UserRow } from './queries.ts';

/** Staff have no company, and so no KYC of their own: they read as not submitted. */
export function kycStatusOfCompany(value: AccountKycStatus | null | undefined): AccountKycStatus {
  return value ?? 'not_submitted';
}

export function isStaffUser(user: Pick<UserRow, 'role'>): boolean {
  return isStaffRole(user.role);
}

/**
 * Who must have an authenticator: the bank's staff (they reach every company's data) and a company's
 * sub-accounts (invited by link, so the first sign-in pairs one). The administrator who registered
 * the company may keep emailed codes.
 */
export function mustHaveAuthenticator(role: UserRole): boolean {
  return role !== 'administrator';
}

/** The language of a user's emails. */
export function languageOfUser(user: Pick<UserRow, 'language'>): Language {
  return user.language;
}

/** The columns of a user that UserInfo shows: never a secret (hash, sealed authenticator). */
export type UserInfoRow = Pick<
  UserRow,
  'id' | 'email' | 'full_name' | 'phone_country' | 'phone' | 'role' | 'totp_paired_at' | 'terms_accepted_at'
>;

export function userInfoOf(
  user: UserInfoRow,
  company: { id: string; name: string | null; kyc_status: AccountKycStatus } | null | undefined,
  permissions: readonly Permission[],
): UserInfo {
  return {
    user_id: user.id,
    email: user.email,
    full_name: user.full_name,
    phone_country: user.phone_country,
    phone: user.phone,
    kyc_status: kycStatusOfCompany(company?.kyc_status),
    role: user.role,
    is_staff: isStaffUser(user),
    is_authenticator_paired: user.totp_paired_at !== null,
    must_pair_authenticator: mustHaveAuthenticator(user.role) && user.totp_paired_at === null,
    permissions: [...permissions],
    has_accepted_terms: user.terms_accepted_at !== null,
    company: company ? { id: company.id, name: company.name } : null,
  };
}
