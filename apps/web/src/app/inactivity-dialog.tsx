/**
 * SPEC.md section 4: after 900 s without a click, a dialog warns that the session will end and
 * counts down 60 s. "Stay logged in" restarts the idle timer; "Log out now" logs out at once; at
 * zero the exit-login call is made, storage cleared and the user sent to /login. Mounted by the main
 * layout, so it runs only while signed in. A key press counts as activity too, so that a keyboard
 * user is not logged out while typing. The same activity keeps the session alive on the server
 * (keep-alive.ts), and "Stay logged in" tells the server at once. Plain setTimeout/setInterval and
 * Date.now(), which Playwright's clock can move.
 */
import { session } from '@bank/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showInfo } from '../lib/notify.ts';
import { lazyOverlay } from '../ui/lazy-overlay.tsx';
import { createKeepAlive, type KeepAlive } from './keep-alive.ts';
import { useLogOut } from './logout.ts';

const idleWarningMs = session.idleWarningSeconds * 1000;
const countdownMs = session.idleCountdownSeconds * 1000;
const activityEvents = ['click', 'keydown'] as const;

/** The warning itself (inactivity-warning.tsx), loaded when it first opens. */
const InactivityWarning = lazyOverlay(() => import('./inactivity-warning.tsx'));

export function InactivityDialog() {
  const { t } = useTranslation();
  const logOut = useLogOut();
  /** When the countdown reaches zero (ms since epoch), or null while the user is active. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isWarning = useRef(false);
  const keepAlive = useRef<KeepAlive | null>(null);

  const startIdleTimer = useCallback(() => {
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => {
      isWarning.current = true;
      const start = Date.now();
      setNow(start);
      setDeadline(start + countdownMs);
    }, idleWarningMs);
  }, []);

  useEffect(() => {
    const serverKeepAlive = createKeepAlive();
    keepAlive.current = serverKeepAlive;
    startIdleTimer();
    // While the warning is open only its buttons count: a stray click must not silently dismiss it.
    const onActivity = () => {
      if (isWarning.current) return;
      startIdleTimer();
      serverKeepAlive.noteActivity();
    };
    for (const event of activityEvents) window.addEventListener(event, onActivity, { capture: true, passive: true });
    return () => {
      clearTimeout(idleTimer.current);
      serverKeepAlive.stop();
      keepAlive.current = null;
      for (const event of activityEvents) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [startIdleTimer]);

  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    const expiry = setTimeout(
      () => {
        isWarning.current = false;
        keepAlive.current?.stop();
        logOut();
        showInfo(t('shell.inactivity.logged_out'));
      },
      Math.max(0, deadline - Date.now()),
    );
    return () => {
      clearInterval(tick);
      clearTimeout(expiry);
    };
  }, [deadline, logOut, t]);

  const stayLoggedIn = () => {
    isWarning.current = false;
    setDeadline(null);
    startIdleTimer();
    keepAlive.current?.sendNow();
  };

  const logOutNow = () => {
    isWarning.current = false;
    setDeadline(null);
    keepAlive.current?.stop();
    logOut();
  };

  const remainingSeconds =
    deadline === null ? session.idleCountdownSeconds : Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <InactivityWarning
      isOpen={deadline !== null}
      remainingSeconds={remainingSeconds}
      onStay={stayLoggedIn}
      onLogOut={logOutNow}
    />
  );
}
