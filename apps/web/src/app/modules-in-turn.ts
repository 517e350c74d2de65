/**
 * The modules of a signed-in page opened first, evaluated one at a time rather than all at once.
 *
 * The server sends the page's outline with a `<link rel="modulepreload">` for each chunk the page
 * needs beyond the first load's, dependencies first (apps/web/evaluation-order.ts). Imported by
 * the app as it is, the shell's graph and the page's were each evaluated in one task (45 and 63 ms at
 * full speed for /cards, Lighthouse's trace; some 180 and 250 ms on its phone), which held the main
 * thread from a tap on the outline and was most of the page's blocking time. Imported here one
 * chunk after the other, in the order of the links, each evaluates with only what it builds on, in a
 * task of its own when the one before took long, and the app's own imports then find them done.
 */

/** How long evaluations may run back to back before the browser gets the main thread back. */
const sliceMs = 8;

/**
 * The chunks the page's outline asked the browser to fetch, in the order of its links, but those
 * marked `data-cycle`: chunks that import each other are entered where the app enters them, by the
 * one of them that is imported here, never by another (evaluation-order.ts).
 */
export function outlineModules(document: Document): string[] {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]:not([data-cycle])');
  return Array.from(links, (link) => link.href);
}

/** Settles in a new task, ahead of timers (a chain of timeouts is slowed to 4 ms a step). */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

/**
 * Imports each module in turn, the browser given a turn whenever a slice of evaluation is spent.
 * A module that fails to load is left to the app's own import, which shows the failure as it does.
 */
export async function evaluateInTurn(urls: readonly string[]): Promise<void> {
  let sliceStartMs = performance.now();
  for (const url of urls) {
    await import(/* @vite-ignore */ url).catch(() => undefined);
    if (performance.now() - sliceStartMs >= sliceMs) {
      await yieldToBrowser();
      sliceStartMs = performance.now();
    }
  }
}
