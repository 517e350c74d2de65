/**
 * A software authenticator for tests: real WebAuthn answers (attestation "none", ES256 keys from
 * node:crypto, authenticator data and client data built as a browser and a security key build them),
 * so that the server's ceremonies are checked exactly as a browser's answers would be. Also the
 * calls that add a passkey and sign in or step up with one.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { SignedIn } from '@bank/contract/account';
import type { PasskeyItem } from '@bank/contract/passkeys';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { call, type Envelope, type RunningTestApp } from '../../../platform/test-support.ts';

type Credential = { id: Uint8Array; privateKey: KeyObject; publicKey: Uint8Array; counter: number };

const flags = { userPresent: 0x01, userVerified: 0x04, attestedCredentialData: 0x40 } as const;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const base64url = (bytes: Uint8Array | string) =>
  isoBase64URL.fromBuffer(new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes) : bytes));

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

/** The COSE form of an ES256 public key (kty EC2, alg -7, crv P-256, x, y). */
function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
}

export type CeremonyOptions = { challenge: string; rp?: { id?: string }; rpId?: string };

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
  ) {}

  /** navigator.credentials.create: a new key pair answering the options' challenge. */
  create(options: CeremonyOptions, overrides: { origin?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = { id: randomBytes(16), privateKey, publicKey: coseKeyOf(publicKey), counter: 0 };
    this.credentials.push(credential);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    });
    const authenticatorData = Buffer.concat([
      sha256(options.rp?.id ?? this.rpId),
      Buffer.from([flags.userPresent | flags.userVerified | flags.attestedCredentialData]),
      uint32(credential.counter),
      Buffer.alloc(16),
      Buffer.from([0, credential.id.length]),
      credential.id,
      credential.publicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authenticatorData)],
      ]),
    );
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: base64url(clientDataJSON),
        attestationObject: base64url(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get: a signature of the options' challenge with a credential (the newest by default). */
  get(options: CeremonyOptions, overrides: { origin?: string; credential?: Credential; counter?: number } = {}) {
    const credential = overrides.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error('the software authenticator holds no credential');
    credential.counter = overrides.counter ?? credential.counter + 1;
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    });
    const authenticatorData = Buffer.concat([
      sha256(options.rpId ?? this.rpId),
      Buffer.from([flags.userPresent | flags.userVerified]),
      uint32(credential.counter),
    ]);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: base64url(credential.id),
      rawId: base64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: base64url(clientDataJSON),
        authenticatorData: base64url(authenticatorData),
        signature: base64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}

/** Adds a passkey for a signed-in user (whose second factor is fresh) with the authenticator. */
export async function addPasskeyWith(
  test: RunningTestApp,
  session: SignedIn,
  authenticator: SoftwareAuthenticator,
  name = 'Work laptop',
): Promise<Envelope<PasskeyItem>> {
  const started = await call<{ options: CeremonyOptions }>(
    test,
    '/api/v1/account/passkeys/registrationOptions',
    {},
    { session },
  );
  if (started.code !== 200) throw new Error(`registration options answered ${started.code} ${started.msg}`);
  return call<PasskeyItem>(
    test,
    '/api/v1/account/passkeys/add',
    { name, credential: authenticator.create(started.data.options) },
    { session },
  );
}
