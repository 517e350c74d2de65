/**
 * A user's passkeys: listed, added (from the options of the last registration ceremony, with a
 * fresh second factor: a stolen session must not put its own key on the account), renamed, removed
 * (fresh second factor), and staff's requirement of them for their own account (then the
 * authenticator's code is refused; it needs a passkey). Also the options of the ceremonies that use
 * a passkey: step-up (a signed-in user) and the second step of a sign-in (public, bound to the
 * pending sign-in). Adding and removing are told to the user by email.
 */
import type { ResponseOf } from '@bank/contract/calls';
import {
  type addPasskey,
  type listPasskeys,
  passkeyRules,
  type removePasskey,
  type renamePasskey,
  type setPasskeyRequirement,
  type startPasskeyRegistration,
  type startPasskeySignIn,
  type startPasskeyStepUp,
} from '@bank/contract/passkeys';
import { writeAudit } from '../../../platform/audit.ts';
import { AppError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import type { CallContext } from '../../../platform/route.ts';
import { sessionUser } from '../authenticator/authenticator-service.ts';
import type { AccountDependencies, Body } from '../context.ts';
import { findUserById, isActiveUser, type UserRow } from '../queries.ts';
import { requireFreshSecondFactor } from '../sign-in/second-factor.ts';
import { recordSecurityChange } from '../sign-in/security-notices.ts';
import { isStaffUser } from '../user-info.ts';
import { authenticationOptions, checkRegistration, registrationOptions, relyingPartyOf } from './ceremony.ts';
import {
  deletePasskeyOfUser,
  findOpenLoginChallenge,
  insertPasskey,
  lockUserPasskeys,
  passkeyCountOfUser,
  passkeyItemOf,
  passkeysOfUser,
  renamePasskeyOfUser,
  setPasskeyRequired,
} from './queries.ts';

function illegalState(messageKey: string, detail: string, params?: Record<string, number>): AppError {
  return new AppError('illegal_state', { messageKey: `email.messages.${messageKey}`, detail, params });
}

const limitReached = () => illegalState('passkeys_limit', 'passkey limit reached', { limit: passkeyRules.maxPerUser });

function auditOf(user: UserRow, context: CallContext) {
  return { at: context.now, actorUserId: user.id, companyId: user.company_id, ip: context.ip };
}

export async function listOwnPasskeys(
  dependencies: AccountDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof listPasskeys>> {
  const user = await sessionUser(dependencies, context);
  const rows = await passkeysOfUser(dependencies.db, user.id);
  return {
    items: rows.map(passkeyItemOf),
    is_passkey_required: user.is_passkey_required,
    may_require_passkeys: isStaffUser(user),
  };
}

export async function startRegistration(
  dependencies: AccountDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof startPasskeyRegistration>> {
  requireFreshSecondFactor(context);
  const user = await sessionUser(dependencies, context);
  const relyingParty = relyingPartyOf(dependencies.publicUrl, context);
  return dependencies.db.transaction(async (tx) => {
    if ((await passkeyCountOfUser(tx, user.id)) >= passkeyRules.maxPerUser) throw limitReached();
    return { options: { ...(await registrationOptions(tx, relyingParty, user, context.now)) } };
  });
}

export async function addOwnPasskey(
  dependencies: AccountDependencies,
  body: Body<typeof addPasskey>,
  context: CallContext,
): Promise<ResponseOf<typeof addPasskey>> {
  requireFreshSecondFactor(context);
  const user = await sessionUser(dependencies, context);
  const relyingParty = relyingPartyOf(dependencies.publicUrl, context);
  // A refused answer still uses its challenge up: the transaction commits and the call refuses after.
  const added = await dependencies.db.transaction(async (tx) => {
    await lockUserPasskeys(tx, user.id);
    if ((await passkeyCountOfUser(tx, user.id)) >= passkeyRules.maxPerUser) throw limitReached();
    const verified = await checkRegistration(tx, relyingParty, {
      userId: user.id,
      credential: body.credential,
      now: context.now,
    });
    const row = verified
      ? await insertPasskey(tx, {
          id: newId(context.now.getTime()),
          user_id: user.id,
          credential_id: verified.credentialId,
          public_key: verified.publicKey,
          counter: verified.counter,
          transports: verified.transports,
          device_type: verified.deviceType,
          is_backed_up: verified.isBackedUp,
          name: body.name,
          created_at: context.now,
        })
      : undefined;
    if (!row) {
      await writeAudit(tx, { action: 'passkey.add_refused', ...auditOf(user, context) });
      return null;
    }
    await writeAudit(tx, {
      action: 'passkey.added',
      ...auditOf(user, context),
      detail: { passkey_id: row.id, name: row.name },
    });
    await recordSecurityChange(tx, user, 'passkey_added', context.now, { passkey_name: row.name });
    return row;
  });
  if (!added) throw new AppError('passkey_not_verified', { detail: 'registration answer refused' });
  return passkeyItemOf(added);
}

export async function renameOwnPasskey(
  dependencies: AccountDependencies,
  body: Body<typeof renamePasskey>,
  context: CallContext,
): Promise<ResponseOf<typeof renamePasskey>> {
  const user = await sessionUser(dependencies, context);
  await dependencies.db.transaction(async (tx) => {
    const isRenamed = await renamePasskeyOfUser(tx, { userId: user.id, passkeyId: body.passkey_id, name: body.name });
    if (!isRenamed) throw new AppError('not_found', { detail: 'no such passkey of the user' });
    await writeAudit(tx, {
      action: 'passkey.renamed',
      ...auditOf(user, context),
      detail: { passkey_id: body.passkey_id, name: body.name },
    });
  });
  return null;
}

export async function removeOwnPasskey(
  dependencies: AccountDependencies,
  body: Body<typeof removePasskey>,
  context: CallContext,
): Promise<ResponseOf<typeof removePasskey>> {
  requireFreshSecondFactor(context);
  const { db } = dependencies;
  const user = await sessionUser(dependencies, context);
  await db.transaction(async (tx) => {
    await lockUserPasskeys(tx, user.id);
    const current = await findUserById(tx, user.id);
    const removed = await deletePasskeyOfUser(tx, { userId: user.id, passkeyId: body.passkey_id });
    if (!removed) throw new AppError('not_found', { detail: 'no such passkey of the user' });
    if (current?.is_passkey_required && (await passkeyCountOfUser(tx, user.id)) === 0) {
      throw illegalState('passkey_last_required', 'last passkey of a user who requires them');
    }
    await writeAudit(tx, {
      action: 'passkey.removed',
      ...auditOf(user, context),
      detail: { passkey_id: removed.id, name: removed.name },
    });
    await recordSecurityChange(tx, user, 'passkey_removed', context.now, { passkey_name: removed.name });
  });
  return null;
}

/** Staff only: their own account signs in and steps up with passkeys alone (and recovery codes). */
export async function changePasskeyRequirement(
  dependencies: AccountDependencies,
  body: Body<typeof setPasskeyRequirement>,
  context: CallContext,
): Promise<ResponseOf<typeof setPasskeyRequirement>> {
  const user = await sessionUser(dependencies, context);
  if (!isStaffUser(user)) throw new AppError('forbidden', { detail: 'passkey requirement of a client user' });
  requireFreshSecondFactor(context);
  await dependencies.db.transaction(async (tx) => {
    await lockUserPasskeys(tx, user.id);
    if (body.is_required && (await passkeyCountOfUser(tx, user.id)) === 0) {
      throw illegalState('passkey_required_needs_one', 'requirement without a passkey');
    }
    await setPasskeyRequired(tx, user.id, body.is_required);
    await writeAudit(tx, {
      action: 'passkey.requirement_changed',
      ...auditOf(user, context),
      detail: { is_required: body.is_required },
    });
  });
  return null;
}

export async function startStepUp(
  dependencies: AccountDependencies,
  context: CallContext,
): Promise<ResponseOf<typeof startPasskeyStepUp>> {
  const user = await sessionUser(dependencies, context);
  const relyingParty = relyingPartyOf(dependencies.publicUrl, context);
  const options = await dependencies.db.transaction((tx) =>
    authenticationOptions(tx, relyingParty, {
      userId: user.id,
      purpose: 'step_up',
      loginChallengeId: null,
      now: context.now,
    }),
  );
  if (!options) throw illegalState('passkey_none', 'step-up options without a passkey');
  return { options: { ...options } };
}

/**
 * Options for the second step of a sign-in: only for an open challenge of a right password, whose
 * user has a passkey; anything else answers alike, so nothing is learnt from it.
 */
export async function startSignIn(
  dependencies: AccountDependencies,
  body: Body<typeof startPasskeySignIn>,
  context: CallContext,
): Promise<ResponseOf<typeof startPasskeySignIn>> {
  const relyingParty = relyingPartyOf(dependencies.publicUrl, context);
  const options = await dependencies.db.transaction(async (tx) => {
    const challenge = await findOpenLoginChallenge(tx, body.challenge_id, context.now);
    const user = challenge ? await findUserById(tx, challenge.user_id) : undefined;
    if (!challenge || !isActiveUser(user)) return null;
    return authenticationOptions(tx, relyingParty, {
      userId: user.id,
      purpose: 'sign_in',
      loginChallengeId: challenge.id,
      now: context.now,
    });
  });
  if (!options) throw new AppError('passkey_not_verified', { detail: 'no open sign-in with a passkey' });
  return { options: { ...options } };
}
