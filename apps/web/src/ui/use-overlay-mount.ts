import { useEffect, useState } from 'react';

/**
 * When to draw a modal or a drawer. Mantine's, drawn closed, still mount their portal, which sets
 * its state in a layout effect: each closed overlay of a page was drawn a second time at once, in
 * the task of the page's first drawing (the shell has four: the navigation drawer, the inbox, the
 * inactivity dialog and a confirmation). An overlay is drawn from the first time it opens instead:
 * closed for one drawing, then open, so that it opens with its transition; and it stays drawn, so
 * that it closes with it. `isMounted`: whether to draw it; `isOpened`: its `opened`. A plain drawer
 * is ui/drawer.tsx.
 */
export function useOverlayMount(opened: boolean): { isMounted: boolean; isOpened: boolean } {
  const [isMounted, setMounted] = useState(opened);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !isMounted) setMounted(true);
  useEffect(() => setWasOpened(opened), [opened]);
  return { isMounted: isMounted || opened, isOpened: opened && wasOpened };
}
