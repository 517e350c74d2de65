/**
 * The browser's side of the passkey ceremonies (@simplewebauthn/browser, loaded on first use: the
 * first load of /login does without it): create a passkey from the server's registration options,
 * answer its authentication options with one, and what to tell the user when that fails. The sign-in,
 * the step-up dialog and the security page use it.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import i18next from 'i18next';
import { isApiError, messageOfError } from '../lib/form-errors.ts';

/** The options as the server's WebAuthn library made them (the contract passes them through unchanged). */
type ServerOptions = { challenge: string };

export async function createPasskey(options: ServerOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
}

export async function answerWithPasskey(options: ServerOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}

/**
 * What a failed passkey step tells the user: the server's refusal in their language, or, when the
 * browser's prompt failed (closed, timed out, no matching key), that they may try again; `keys` name
 * the texts (auth.login's on the public pages, account.passkeys' signed in).
 */
export function passkeyFailureMessage(error: unknown, keys: { cancelled: string; unsupported: string }): string | null {
  if (isApiError(error) || (error instanceof Error && error.name === 'TransportError')) return messageOfError(error);
  if (typeof window.PublicKeyCredential !== 'function') return i18next.t(keys.unsupported as never);
  return i18next.t(keys.cancelled as never);
}
