/**
 * The error catalogue of SPEC.md section 8 as the client applies it, with fetch, storage and the
 * notification store replaced by stand-ins (no DOM needed).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => [] as { title?: unknown; message: unknown; color?: unknown }[]);
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: (notification: { title?: unknown; message: unknown; color?: unknown }) => shown.push(notification),
  },
}));

import type { CallDefinition } from '@bank/contract/calls';
import { requestTimeoutMs } from '@bank/contract/constants';
import { ApiError, callApi, fetchFile, newIdempotencyKey, TransportError } from './api-client.ts';
import { initI18n } from './i18n.ts';
import { loadScreenData } from './screen-query.ts';

class MemoryStorage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  clear() {
    this.values.clear();
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
}

const identity = { safeParse: (data: unknown) => ({ success: true as const, data }) };
/** A call of any shape: the client only needs its path and response schema. */
const call = {
  path: '/api/v1/test/call',
  auth: 'session',
  isKycGated: false,
  isFile: false,
  summary: 'a test call',
  request: identity,
  response: identity,
} as unknown as CallDefinition;

let fetchMock: ReturnType<typeof vi.fn>;
let reload: ReturnType<typeof vi.fn>;

function envelope(code: number, msg: string, data: unknown = null, status = 200, statusText = 'OK') {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

/** A server that never answers: the request ends only when its signal aborts it. */
function answerNeverButAbort(_path: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) =>
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );
}

function openPage(pathname: string) {
  reload = vi.fn();
  vi.stubGlobal('window', { location: { pathname, reload } });
}

beforeAll(async () => {
  // The app's own start-up, in Japanese: messages below are the catalogue's, headers carry `jp`.
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('document', { documentElement: {} });
  localStorage.setItem('language', 'jp');
  await initI18n();
  vi.unstubAllGlobals();
});

beforeEach(() => {
  shown.length = 0;
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  sessionStorage.setItem('token', 'token-1');
  sessionStorage.setItem('userid', 'user-1');
  sessionStorage.setItem('is_google', '1');
  localStorage.setItem('language', 'jp');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  openPage('/cards');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('POSTs JSON to the call path with the headers of SPEC.md section 7 and answers data on code 200', async () => {
    fetchMock.mockResolvedValue(envelope(200, 'ok', { balance: '10.00' }));
    await expect(callApi(call, { page_size: 20 })).resolves.toEqual({ balance: '10.00' });
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/v1/test/call');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"page_size":20}');
    expect(init.headers).toMatchObject({
      language: 'jp',
      'device-os': 'web',
      'web-name': 'corporate-dashboard',
      userid: 'user-1',
      token: 'token-1',
    });
    expect(shown).toEqual([]);
  });

  it('sends the idempotency key of a call the contract marks idempotent, and refuses to make one without', async () => {
    const idempotentCall = { ...call, isIdempotent: true } as CallDefinition;
    fetchMock.mockResolvedValue(envelope(200, 'ok', null));
    const key = newIdempotencyKey();
    await callApi(idempotentCall, {}, { idempotencyKey: key });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'idempotency-key': key, token: 'token-1' });
    expect(newIdempotencyKey()).not.toBe(key);
    await expect(callApi(idempotentCall, {})).rejects.toThrow('needs an idempotency key');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('throws an ApiError with the field messages for any other code, and shows nothing itself', async () => {
    fetchMock.mockResolvedValue(envelope(9422, 'Check the fields', { fields: { email: 'E-mail can not be empty' } }));
    const error = await callApi(call, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 9422, msg: 'Check the fields' });
    expect((error as ApiError).fieldErrors).toEqual({ email: 'E-mail can not be empty' });
    expect(shown).toEqual([]);
  });

  it('on 9400 shows msg, clears all storage and reloads after 2 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(envelope(9400, 'Session expired'));
    await expect(callApi(call, {})).rejects.toMatchObject({ kind: 'session_expired' });
    expect(shown).toEqual([expect.objectContaining({ message: 'Session expired', color: 'red' })]);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('language')).toBeNull();
    vi.advanceTimersByTime(1999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  for (const page of ['/login', '/upload', '/kyc_apply_card_input']) {
    it(`on 9400 at ${page} leaves the message to the page: no notice, no clearing, no reload`, async () => {
      vi.useFakeTimers();
      openPage(page);
      fetchMock.mockResolvedValue(envelope(9400, 'Session expired'));
      await expect(callApi(call, {})).rejects.toBeInstanceOf(ApiError);
      vi.advanceTimersByTime(5000);
      expect(shown).toEqual([]);
      expect(sessionStorage.getItem('token')).toBe('token-1');
      expect(reload).not.toHaveBeenCalled();
    });
  }

  for (const [status, statusText] of [
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [404, 'Not Found'],
  ] as const) {
    it(`shows HTTP ${status} as 'status - statusText' after 1 s`, async () => {
      vi.useFakeTimers();
      fetchMock.mockResolvedValue(new Response('', { status, statusText }));
      await expect(callApi(call, {})).rejects.toBeInstanceOf(TransportError);
      vi.advanceTimersByTime(999);
      expect(shown).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(shown).toEqual([expect.objectContaining({ message: `${status} - ${statusText}` })]);
    });
  }

  it('shows the network timeout message when there is no response', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(call, {})).rejects.toMatchObject({ kind: 'network', message: 'ネットワークタイムアウト' });
    expect(shown).toEqual([expect.objectContaining({ message: 'ネットワークタイムアウト', color: 'red' })]);
  });

  it('gives up on a call unanswered after 6,000,000 ms with the network timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(answerNeverButAbort);
    const calling = callApi(call, {}).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1);
    expect(requestTimeoutMs).toBe(6_000_000);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(calling).resolves.toMatchObject({ kind: 'network', message: 'ネットワークタイムアウト' });
  });

  it('treats an answer that is not an envelope, or another HTTP status, as a network failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(callApi(call, {})).rejects.toMatchObject({ kind: 'network' });
    await expect(callApi(call, {})).rejects.toMatchObject({ kind: 'network' });
    expect(shown).toHaveLength(2);
  });

  it('reads the envelope of an answer the server refused before any call ran (413 too large, 503 busy)', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ code: 9503, msg: 'The service is busy. Please try again in a moment.', data: null }),
        {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '5' },
        },
      ),
    );
    await expect(callApi(call, {})).rejects.toMatchObject({
      code: 9503,
      message: 'The service is busy. Please try again in a moment.',
    });
  });

  it('stays silent when asked to (the exit-login call)', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(envelope(9400, 'Session expired'));
    await expect(callApi(call, {}, { isSilent: true })).rejects.toBeInstanceOf(ApiError);
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('fetchFile', () => {
  it('answers the file and its name from Content-Disposition', async () => {
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.4', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="statement.pdf"' },
      }),
    );
    const file = await fetchFile(call, {});
    expect(file.filename).toBe('statement.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.4');
  });

  it('applies the catalogue when the call fails before the file starts', async () => {
    fetchMock.mockResolvedValue(envelope(9451, 'User is not KYC approved.'));
    await expect(fetchFile(call, {})).rejects.toMatchObject({ code: 9451 });
  });
});

describe('loadScreenData', () => {
  it('gives up after 120 s with the load-timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(answerNeverButAbort);
    const loading = loadScreenData(call, {}).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toMatchObject({ kind: 'timeout' });
    expect(shown).toEqual([
      expect.objectContaining({ message: '読み込みに時間がかかりすぎています。もう一度お試しください。' }),
    ]);
  });

  it('is cancelled by its query without any message', async () => {
    fetchMock.mockImplementation(answerNeverButAbort);
    const controller = new AbortController();
    const loading = loadScreenData(call, {}, controller.signal).catch((caught: unknown) => caught);
    controller.abort();
    await expect(loading).resolves.toMatchObject({ name: 'AbortError' });
    expect(shown).toEqual([]);
  });
});
