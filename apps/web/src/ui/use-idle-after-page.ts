import { useEffect, useState } from 'react';

/** Calls `run` once the browser has nothing else to do (after a second where it cannot tell). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 1_000);
  return () => window.clearTimeout(handle);
}

/**
 * Whether the browser has been idle since the component was drawn (false until then, and always
 * when `isWanted` is false). For what a first interaction would otherwise draw inside the click: a
 * popover's items drawn hidden once the page has settled, in a task of their own, so that opening
 * it only shows them (the history's choices, the header's menus; bench/README.md). `onIdle` runs
 * just before the drawing it causes.
 */
export function useIdleAfterPage(isWanted = true, onIdle?: () => void): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    if (!isWanted || isIdle) return;
    return whenIdle(() => {
      onIdle?.();
      setIdle(true);
    });
  }, [isWanted, isIdle, onIdle]);
  return isWanted && isIdle;
}
