/**
 * The numbers of the identity rules in one place (OWASP ASVS 4.0.3 level 2, sections 2 and 3), so
 * that a security review reads them together. Units are in the names.
 */
import { emailCodeTimes, session } from '@bank/contract/constants';

export const emailCodeRules = {
  validitySeconds: emailCodeTimes.validitySeconds,
  /** Wrong tries after which a code is dead, whatever is typed next. */
  maxAttempts: 5,
  /** Between two sends to one address for one purpose. */
  resendCooldownSeconds: emailCodeTimes.resendCooldownSeconds,
  /**
   * Sends to one address for one purpose in any rolling hour. Per purpose, so that codes asked for
   * one purpose (anyone can ask registration codes for any address) never block another (a reset).
   */
  maxSendsPerAddressAndPurposePerHour: 5,
} as const;

export const sessionRules = {
  idleExpirySeconds: session.idleExpirySeconds,
  absoluteExpirySeconds: session.absoluteExpirySeconds,
  /** last_seen_at is written at most this often per session: a busy screen must not write on every call. */
  lastSeenWriteIntervalSeconds: 30,
  /** How long a re-authentication (or the sign-in itself) counts as a fresh second factor. */
  freshSecondFactorSeconds: 5 * 60,
  /** The session list shows at most this many (the newest). */
  maxListedSessions: 50,
} as const;

export const loginRules = {
  /** The second step must follow the password within this time. */
  challengeValiditySeconds: 10 * 60,
  /** Wrong second-factor codes per challenge; then the password must be given again. */
  maxChallengeAttempts: 5,
} as const;

/**
 * Back-off and lock. An account (every address typed, registered or not) waits 2, 4, 8 ... up to
 * 60 s after its 3rd consecutive failure and is locked for 30 minutes at the 10th. An address on the
 * network waits likewise from its 20th failure, up to 5 minutes, and is never locked: a whole office
 * behind one NAT address must not be locked out by one person.
 */
export const loginThrottleRules = {
  account: {
    firstDelayedFailure: 3,
    maxDelaySeconds: 60,
    lockAfterFailures: 10,
    lockSeconds: 30 * 60,
    memorySeconds: 24 * 60 * 60,
  },
  ip: { firstDelayedFailure: 20, maxDelaySeconds: 5 * 60, memorySeconds: 60 * 60 },
} as const;

export const authenticatorRules = {
  issuer: 'Bank',
  stepSeconds: 30,
  /** One 30 s step either side of the server's time, for clocks that drift a little. */
  toleranceSeconds: 30,
  /** A set-up secret must be confirmed within this time or set up again. */
  pendingSetupValiditySeconds: 30 * 60,
  secretBytes: 20,
} as const;

/** Passkeys (WebAuthn; passkeys/, decision 43). */
export const passkeyCeremonyRules = {
  /** The relying party's name the browser shows when a passkey is made. */
  relyingPartyName: 'Bank',
  /** A ceremony's challenge must come back within this time, and only once. */
  challengeValiditySeconds: 5 * 60,
  /** How long the browser waits for the user to touch their authenticator. */
  ceremonyTimeoutMs: 2 * 60 * 1000,
} as const;
