/**
 * Navigation state of My account that opens the authenticator pairing card with the staff rule's
 * explanation: staff without an authenticator are sent there after signing in, and by the staff gate.
 */
export type AccountPageState = { mustPairAuthenticator?: boolean };
