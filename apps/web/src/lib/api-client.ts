/**
 * The one HTTP client of the web app. Every call is a POST with a JSON body to the contract's path,
 * with the headers of SPEC.md section 7, answered by the `{code, msg, data}` envelope. The error
 * catalogue of SPEC.md section 8 is applied here, once:
 * - code 200: the data, parsed by the call's response schema;
 * - code 9400 (session missing, invalid or expired): outside the login, upload and card-application
 *   pages, msg is shown, all storage cleared and the page reloaded after 2 s;
 * - HTTP 500, 502 or 404: `status - statusText` is shown after 1 s;
 * - no response (none within SPEC.md's 6,000,000 ms) or any other failure: 'Network timeout' in the
 *   user's language;
 * - any other code: an ApiError for the caller (a form shows `data.fields` beside its fields).
 * Calls are never retried automatically: a POST may move money.
 */

import type { CallDefinition, RequestOf, ResponseOf } from '@bank/contract/calls';
import { httpErrorDelayMs, requestTimeoutMs, sessionExpiredReloadDelayMs } from '@bank/contract/constants';
import { apiHeaders, webDeviceOs, webName } from '@bank/contract/envelope';
import { sessionInvalidCode, successCode } from '@bank/contract/errors';
import { publicPaths } from '@bank/contract/routes';
import i18next from 'i18next';
import { filenameFromContentDisposition } from './content-disposition.ts';
import { currentLanguage } from './i18n.ts';
import { showError } from './notify.ts';
import { clearAllStorage, readSession } from './session-storage.ts';

/** A failure the server answered with a catalogue code other than 200. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;

  constructor(code: number, msg: string, data: unknown) {
    super(msg);
    this.code = code;
    this.msg = msg;
    this.data = data;
  }

  /** Field messages of a validation failure (`data.fields`), already in the user's language. */
  get fieldErrors(): Record<string, string> {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    if (typeof fields !== 'object' || fields === null) return {};
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
}

/**
 * A failure that has already been shown to the user (HTTP status, network, expired session): the
 * caller need not show it again, only stop.
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly kind: 'http_status' | 'network' | 'session_expired' | 'timeout';
  readonly status: number | undefined;

  constructor(kind: TransportError['kind'], message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

export type CallOptions = {
  signal?: AbortSignal;
  /**
   * No notification, no reload: every failure is only thrown. For calls whose failure the user
   * need not hear about, such as the exit-login call made while the app is logging out anyway.
   */
  isSilent?: boolean;
  /** Headers taken earlier (requestHeaders()), for a call that must outlive the session it belongs to. */
  headers?: Record<string, string>;
  /**
   * Required by calls the contract marks idempotent: one key per intended effect (newIdempotencyKey),
   * kept while the user retries the same submission, so that a retry after a timeout never acts twice.
   */
  idempotencyKey?: string;
};

/** A fresh key for one intended effect of an idempotent call. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** HTTP statuses shown as `status - statusText` (SPEC.md section 8). */
const statusesShownAsText: ReadonlySet<number> = new Set([500, 502, 404]);

/** Pages where a 9400 is the form's business (a wrong or expired login step), not a reason to reload. */
const pagesKeepingSessionErrors: readonly string[] = [
  publicPaths.login,
  publicPaths.phoneUpload,
  '/kyc_apply_card_input',
];

export function requestHeaders(): Record<string, string> {
  const session = readSession();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    [apiHeaders.language]: currentLanguage(),
    [apiHeaders.deviceOs]: webDeviceOs,
    [apiHeaders.webName]: webName,
  };
  if (session.userId) headers[apiHeaders.userId] = session.userId;
  if (session.token) headers[apiHeaders.token] = session.token;
  return headers;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function networkTimeout(options: CallOptions): TransportError {
  const message = i18next.t('errors.network_timeout');
  if (!options.isSilent) showError(message);
  return new TransportError('network', message);
}

async function post(path: string, body: unknown, options: CallOptions): Promise<Response> {
  const init: RequestInit = {
    method: 'POST',
    headers: {
      ...(options.headers ?? requestHeaders()),
      ...(options.idempotencyKey ? { [apiHeaders.idempotencyKey]: options.idempotencyKey } : {}),
    },
    body: JSON.stringify(body ?? {}),
    credentials: 'same-origin',
  };
  // The caller's cancellation passes through as an abort (reading the body too); the request's own
  // time-out, until the answer starts, is a failure.
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, requestTimeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  init.signal = controller.signal;
  try {
    return await fetch(path, init);
  } catch (error) {
    if (isAbort(error) && !isTimedOut) throw error;
    throw networkTimeout(options);
  } finally {
    clearTimeout(timer);
  }
}

async function readEnvelopeOf(response: Response): Promise<{ code: number; msg: string; data: unknown } | null> {
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { code, msg, data } = parsed as Record<string, unknown>;
    if (typeof code !== 'number') return null;
    return { code, msg: typeof msg === 'string' ? msg : '', data: data ?? null };
  } catch {
    return null;
  }
}

/** HTTP 500/502/404: `status - statusText` after a second (the server's own message, if any, beneath). */
async function failOnHttpStatus(response: Response, options: CallOptions): Promise<never> {
  const title = i18next.t('errors.http_status', {
    status: response.status,
    statusText: response.statusText || httpStatusText(response.status),
  });
  const envelope = await readEnvelopeOf(response);
  if (!options.isSilent) {
    setTimeout(() => showError(title, envelope?.msg || undefined), httpErrorDelayMs);
  }
  throw new TransportError('http_status', title, response.status);
}

/** HTTP/2 answers carry no status text; these are the standard phrases of the three shown statuses. */
function httpStatusText(status: number): string {
  if (status === 404) return 'Not Found';
  if (status === 500) return 'Internal Server Error';
  if (status === 502) return 'Bad Gateway';
  return '';
}

function isOnPageKeepingSessionErrors(): boolean {
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  return pagesKeepingSessionErrors.includes(path);
}

/**
 * Whether an ended session has already been told and its reload planned: the calls of one screen
 * (the user, the bell, the page's own) all answer 9400 together, and one message and one reload do.
 */
let isSessionEndHandled = false;

/** Applies the catalogue to an envelope that is not a success. */
function failOnEnvelope(envelope: { code: number; msg: string; data: unknown }, options: CallOptions): never {
  if (envelope.code === sessionInvalidCode && !options.isSilent && !isOnPageKeepingSessionErrors()) {
    if (!isSessionEndHandled) {
      isSessionEndHandled = true;
      showError(envelope.msg || i18next.t('errors.session_invalid'));
      clearAllStorage();
      setTimeout(() => window.location.reload(), sessionExpiredReloadDelayMs);
    }
    throw new TransportError('session_expired', envelope.msg);
  }
  throw new ApiError(envelope.code, envelope.msg, envelope.data);
}

/**
 * Makes one call of the contract and answers its data, typed by the call's schemas.
 *
 * Throws ApiError for a catalogue code the caller should handle (validation, state, ...), and
 * TransportError for failures already shown to the user.
 */
export async function callApi<Call extends CallDefinition>(
  call: Call,
  body: RequestOf<Call>,
  options: CallOptions = {},
): Promise<ResponseOf<Call>> {
  if (call.isIdempotent && !options.idempotencyKey) throw new Error(`${call.path} needs an idempotency key`);
  const response = await post(call.path, body, options);
  if (statusesShownAsText.has(response.status)) return failOnHttpStatus(response, options);
  // Other statuses carry the envelope too (413 too large, 503 busy): its message is the one to show.
  const envelope = await readEnvelopeOf(response);
  if (!envelope) throw networkTimeout(options);
  if (envelope.code !== successCode) failOnEnvelope(envelope, options);
  const parsed = call.response.safeParse(envelope.data);
  if (!parsed.success) {
    // The server answered something the contract does not allow: a bug, never the user's fault.
    console.error(`${call.path}: response does not match the contract`, parsed.error.issues);
    throw networkTimeout(options);
  }
  return parsed.data as ResponseOf<Call>;
}

export type DownloadedFile = { blob: Blob; filename: string };

/**
 * Makes a file call (`isFile` in the contract): the file itself on success, the envelope (handled as
 * in callApi) when it fails before the file starts.
 */
export async function fetchFile<Call extends CallDefinition>(
  call: Call,
  body: RequestOf<Call>,
  options: CallOptions = {},
): Promise<DownloadedFile> {
  const response = await post(call.path, body, options);
  if (statusesShownAsText.has(response.status)) return failOnHttpStatus(response, options);
  if (!response.ok) throw networkTimeout(options);
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('application/json')) {
    // A failure before the file starts answers the envelope (DECISIONS.md, wire conventions).
    const envelope = await readEnvelopeOf(response.clone());
    if (envelope && envelope.code !== successCode) failOnEnvelope(envelope, options);
  }
  try {
    const blob = await response.blob();
    const fallbackName = call.path.split('/').pop() ?? 'download';
    return {
      blob,
      filename: filenameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName,
    };
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkTimeout(options);
  }
}

/** Hands a downloaded file to the browser's download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** fetchFile then saveFile: what a "Download statement" button does. */
export async function downloadFile<Call extends CallDefinition>(
  call: Call,
  body: RequestOf<Call>,
  options: CallOptions = {},
): Promise<DownloadedFile> {
  const file = await fetchFile(call, body, options);
  saveFile(file);
  return file;
}
