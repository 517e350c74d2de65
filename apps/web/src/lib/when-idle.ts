/**
 * Runs work once the browser is idle (within two seconds however busy it stays; soon, in a browser
 * that cannot say when it is idle). Answers the cancel, for an effect's clean-up.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}
