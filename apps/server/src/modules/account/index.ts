/**
 * The account module's public surface: what other modules may use of identity (lint refuses any
 * other import of this folder from outside it). Companies and users are read through these tables
 * and functions; they are changed only by this module (and a company's KYC status by the KYC state
 * machine, through `companies.kyc_status`).
 */
export { emailTime } from './account-emails.ts';
export { companyUsersHolding, findUserById } from './queries.ts';
export { requireFreshSecondFactor } from './second-factor.ts';
export { type DemoUser, ensureCompanyAdministrator, ensureUser, identityDemoAccounts } from './seed.ts';
export { createSessionResolver } from './sessions.ts';
export { registerStaffPairingRule } from './staff-pairing-rule.ts';
export { companies, users } from './tables.ts';
export { languageOfUser } from './user-info.ts';
