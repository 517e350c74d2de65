/**
 * Telling the server that the user is active. The server ends a session after
 * `session.idleExpirySeconds` (960 s: the client's 900 s warning plus its 60 s countdown) without a
 * call, so a user typing a long form, which makes no call, would find the session gone when they
 * submit. While signed in, clicks and key presses therefore send a silent getUserInfo, at most one
 * every 60 s.
 *
 * Why the last one waits: the server writes a session's last-seen time at most every 30 s
 * (lastSeenWriteIntervalSeconds), so a call is known to move it past an activity only when it is
 * made more than 30 s after that activity. Each burst of activity is therefore followed by one
 * keep-alive at least `coverAfterMs` later; then "Stay logged in", even at the last second of the
 * countdown, finds the session alive on the server. Plain setTimeout and Date.now(), which
 * Playwright's clock can move.
 */
import { sessionExpiredReloadDelayMs } from '@bank/contract/constants';
import { sessionInvalidCode } from '@bank/contract/errors';
import i18next from 'i18next';
import { fetchUserInfo } from '../api/user-info.ts';
import { ApiError, TransportError } from '../lib/api-client.ts';
import { showError } from '../lib/notify.ts';
import { queryClient } from '../lib/query-client.ts';
import { clearAllStorage } from '../lib/session-storage.ts';

export const keepAliveIntervalMs = 60_000;
/** Longer than the server's 30 s last-seen write interval. */
const coverAfterMs = 31_000;

export type KeepAlive = {
  /** A click or key press: schedules a keep-alive unless one is already due. */
  noteActivity(): void;
  /** A keep-alive now ("Stay logged in"). */
  sendNow(): void;
  stop(): void;
};

/**
 * A 9400 of the silent keep-alive is handled as the HTTP client handles it for any other call
 * (SPEC.md section 8): the message, all storage cleared, a reload after 2 s, which lands on /login.
 */
function endExpiredSession(message: string): void {
  showError(message || i18next.t('errors.session_invalid'));
  clearAllStorage();
  setTimeout(() => window.location.reload(), sessionExpiredReloadDelayMs);
}

export function createKeepAlive(): KeepAlive {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let lastActivityAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  const schedule = (dueAt: number) => {
    clearTimeout(timer);
    timer = setTimeout(send, Math.max(0, dueAt - Date.now()));
  };

  function send() {
    timer = undefined;
    if (isStopped) return;
    const sentAt = Date.now();
    lastSentAt = sentAt;
    fetchUserInfo(queryClient, { isSilent: true }).catch((error: unknown) => {
      if (isStopped) return;
      if (error instanceof ApiError && error.code === sessionInvalidCode) endExpiredSession(error.msg);
      // Anything else (network, server) is not the user's concern: the next call will tell them.
      else if (!(error instanceof ApiError || error instanceof TransportError)) console.error(error);
    });
    // Activity during the last 31 s is not yet covered by this call: one more after the interval.
    if (lastActivityAt > sentAt - coverAfterMs) schedule(sentAt + keepAliveIntervalMs);
  }

  return {
    noteActivity() {
      if (isStopped) return;
      const now = Date.now();
      lastActivityAt = now;
      if (timer === undefined) schedule(Math.max(lastSentAt + keepAliveIntervalMs, now + coverAfterMs));
    },
    sendNow() {
      if (isStopped) return;
      clearTimeout(timer);
      // After the long quiet of the warning the server writes this call's time: nothing is left to cover.
      lastActivityAt = Number.NEGATIVE_INFINITY;
      send();
    },
    stop() {
      isStopped = true;
      clearTimeout(timer);
    },
  };
}
