/**
 * The login call of both sign-in steps, with the identity contract loaded on first use (it carries
 * zod and registration's phone-number rules, which the first load of /login does without).
 */
import { loadAccountContract } from '../../api/account-contract.ts';

/** The second step the server asked for after a right password. */
export type Challenge = {
  challengeId: string;
  method: 'authenticator' | 'email' | 'passkey';
  emailHint: string | null;
  /** The user has a passkey: offered first (with method email, no code was emailed yet). */
  canUsePasskey: boolean;
  /** The address typed at the first step, for "Resend code". */
  email: string;
};

/** The login call, with the contract loaded on first use. */
export async function loadLogin() {
  return (await loadAccountContract()).login;
}

/** Starts loading what a submit needs as soon as the user shows intent, so that submitting does not wait. */
export function prefetchContract(): void {
  loadLogin().catch(() => undefined);
}
