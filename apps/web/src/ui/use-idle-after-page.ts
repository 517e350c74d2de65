import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Calls `run` once the browser has nothing else to do (after a second where it cannot tell). */
function whenIdle(run: () => void): void {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(run, { timeout: 5_000 });
  else globalThis.setTimeout(run, 1_000);
}

/** The drawings waiting for the browser to be idle, the first first; one is drawn per idle period. */
const waiting: (() => void)[] = [];
let isWaitingForIdle = false;

function drawNextWhenIdle(): void {
  if (isWaitingForIdle || waiting.length === 0) return;
  isWaitingForIdle = true;
  whenIdle(() => {
    isWaitingForIdle = false;
    try {
      waiting.shift()?.();
    } finally {
      // A drawing that fails leaves the others waiting for their turn, not stuck behind it.
      drawNextWhenIdle();
    }
  });
}

/**
 * Runs `draw` in an idle period of its own, after those queued before it; answers a function that
 * takes it out of the queue if it has not run yet.
 */
export function drawWhenIdle(draw: () => void): () => void {
  waiting.push(draw);
  drawNextWhenIdle();
  return () => {
    const index = waiting.indexOf(draw);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/**
 * Whether the browser has been idle since the component was drawn (false until then, and always
 * when `isWanted` is false). For what a first interaction would otherwise draw inside the click: a
 * popover's items drawn hidden once the page has settled, so that opening it only shows them (the
 * history's choices, the header's menus; bench/README.md). Each such drawing has an idle period of
 * its own and is drawn inside it: drawn together, in the one task React's scheduler gave them, the
 * history's choices held a phone's main thread for 100 ms (at 4x slower CPU), a long task of the
 * page's load. `onIdle` runs just before the drawing it causes.
 */
export function useIdleAfterPage(isWanted = true, onIdle?: () => void): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    if (!isWanted || isIdle) return;
    return drawWhenIdle(() => {
      onIdle?.();
      flushSync(() => setIdle(true));
    });
  }, [isWanted, isIdle, onIdle]);
  return isWanted && isIdle;
}
