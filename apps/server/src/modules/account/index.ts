/**
 * The account module's public surface: what other modules may use of identity (lint refuses any
 * other import of this folder from outside it). Companies and users are read through these tables
 * and functions; they are changed only by this module, a company's KYC status by the KYC state
 * machine (`companies.kyc_status`), and a company's sub-accounts and permission groups by the team
 * module (status, group, notes: what the session resolver here reads on every call).
 */
export { emailTime } from './account-emails.ts';
export { deleteRecoveryCodes } from './authenticator/recovery-codes.ts';
export { auditEntriesWhere, companyUsersHolding, findUserById, unpairAuthenticator } from './queries.ts';
/** Emailed codes (their store and limits), for a module that proves an address of its own (card applications). */
export { assertMaySendCode, checkEmailCode, issueEmailCode, lockAddress } from './registration/email-codes.ts';
export { assertAcceptableNewPassword, hashPassword } from './registration/passwords.ts';
export { emailCodeRules } from './rules.ts';
export {
  demoCompanyOf,
  ensureCompanyAdministrator,
  ensurePermissionGroup,
  ensureUser,
  identityDemoAccounts,
} from './seed.ts';
export { requireFreshSecondFactor } from './sign-in/second-factor.ts';
export { createSessionResolver, endSessionsOfUser } from './sign-in/sessions.ts';
export { registerStaffPairingRule } from './staff/staff-pairing-rule.ts';
export { companies, permissionGroups, users } from './tables.ts';
export { languageOfUser } from './user-info.ts';
