/**
 * The browser storage of SPEC.md section 3, in one place. Session data lives in sessionStorage
 * (gone when the tab closes): token, userid, username, is_google (the 2FA-done flag) and
 * kyc_status, plus `is_staff` (the sign-in's answer that the user is one of the bank's staff, which
 * only decides whether the back office is shown: the server refuses its calls to anyone else). Persistent data lives in localStorage: language (en, ch, jp) and the app version.
 * Nothing else in the app reads or writes these keys directly.
 */
import { appVersion, defaultLanguage, isLanguage, type Language, languageCookie } from '@bank/contract/constants';

const sessionKeys = {
  token: 'token',
  userId: 'userid',
  username: 'username',
  isSecondFactorDone: 'is_google',
  kycStatus: 'kyc_status',
  isStaff: 'is_staff',
} as const;

const persistentKeys = {
  language: 'language',
  appVersion: 'app_version',
} as const;

/** The value written to `is_google` once the second factor is done. */
const secondFactorDoneValue = '1';

/** The `kyc_status` value that opens the KYC-gated pages (contract states.ts `AccountKycStatus`). */
const kycApprovedStatus = 'kyc_approved';

export type StoredSession = {
  token: string | null;
  userId: string | null;
  username: string | null;
  isSecondFactorDone: boolean;
  kycStatus: string | null;
  isStaff: boolean;
};

/** The value written to `is_staff` for the bank's staff (absent for clients). */
const staffValue = '1';

function read(storage: Storage, key: string): string | null {
  try {
    const value = storage.getItem(key);
    return value === null || value === '' ? null : value;
  } catch {
    // Storage can be unavailable (privacy modes); the app then behaves as signed out.
    return null;
  }
}

function write(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Ignored for the same reason as in read().
  }
}

/** `is_google` counts as done for any stored value except an explicit "no". */
function isFlagSet(value: string | null): boolean {
  return value !== null && value !== '0' && value !== 'false';
}

export function readSession(): StoredSession {
  return {
    token: read(sessionStorage, sessionKeys.token),
    userId: read(sessionStorage, sessionKeys.userId),
    username: read(sessionStorage, sessionKeys.username),
    isSecondFactorDone: isFlagSet(read(sessionStorage, sessionKeys.isSecondFactorDone)),
    kycStatus: read(sessionStorage, sessionKeys.kycStatus),
    isStaff: read(sessionStorage, sessionKeys.isStaff) === staffValue,
  };
}

/**
 * The route guards' rule (SPEC.md section 2): signed in means a token AND the 2FA-done flag, and
 * nothing else is looked at.
 */
export function isSignedIn(): boolean {
  return (
    read(sessionStorage, sessionKeys.token) !== null && isFlagSet(read(sessionStorage, sessionKeys.isSecondFactorDone))
  );
}

export function isKycApproved(): boolean {
  return read(sessionStorage, sessionKeys.kycStatus) === kycApprovedStatus;
}

/** Whether the signed-in user is one of the bank's staff: only then is the back office shown. */
export function isStaffSession(): boolean {
  return read(sessionStorage, sessionKeys.isStaff) === staffValue;
}

export type SessionUpdate = {
  token?: string;
  userId?: string;
  username?: string;
  isSecondFactorDone?: boolean;
  kycStatus?: string;
  isStaff?: boolean;
};

/**
 * Writes the given parts of the session. The login flow calls it with the token and user after the
 * password step and with `isSecondFactorDone: true` after the 2FA step; getUserInfo refreshes
 * `kycStatus` and `isStaff`.
 */
export function writeSession(update: SessionUpdate): void {
  if (update.token !== undefined) write(sessionStorage, sessionKeys.token, update.token);
  if (update.userId !== undefined) write(sessionStorage, sessionKeys.userId, update.userId);
  if (update.username !== undefined) write(sessionStorage, sessionKeys.username, update.username);
  if (update.isSecondFactorDone !== undefined)
    write(sessionStorage, sessionKeys.isSecondFactorDone, update.isSecondFactorDone ? secondFactorDoneValue : null);
  if (update.kycStatus !== undefined) write(sessionStorage, sessionKeys.kycStatus, update.kycStatus);
  if (update.isStaff !== undefined) write(sessionStorage, sessionKeys.isStaff, update.isStaff ? staffValue : null);
}

/**
 * Clears all local and session storage (SPEC.md sections 4 and 8), then records the running version
 * again so that the next start does not mistake the cleared storage for an old version.
 */
export function clearAllStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Nothing stored that could be cleared.
  }
  write(localStorage, persistentKeys.appVersion, appVersion);
}

export function readLanguage(): Language {
  const stored = read(localStorage, persistentKeys.language);
  return isLanguage(stored) ? stored : defaultLanguage;
}

export function writeLanguage(language: Language): void {
  write(localStorage, persistentKeys.language, language);
  rememberLanguageForServer(language);
}

/**
 * The language as a cookie too, for the one thing the server draws itself: the public pages drawn
 * at build time (prerender.tsx), sent in the visitor's language. It says nothing else.
 */
export function rememberLanguageForServer(language: Language): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser this serves.
  document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * SPEC.md section 4: a stored app version other than the running one clears all storage and
 * reloads. Returns true when a reload was started (the caller then renders nothing). A browser with
 * no stored version simply records the running one.
 */
export function resetStorageOnNewVersion(reload: () => void = () => window.location.reload()): boolean {
  const stored = read(localStorage, persistentKeys.appVersion);
  if (stored === appVersion) return false;
  if (stored === null) {
    write(localStorage, persistentKeys.appVersion, appVersion);
    return false;
  }
  clearAllStorage();
  reload();
  return true;
}
