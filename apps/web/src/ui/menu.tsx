import { Menu as MantineMenu, type MenuProps as MantineMenuProps } from '@mantine/core';
import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useIdleAfterPage } from './use-idle-after-page.ts';

type MenuProps = Omit<MantineMenuProps, 'opened' | 'onChange' | 'defaultOpened' | 'children'> & {
  /** The button that opens the menu. */
  target: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  /** The menu's items (Mantine's `Menu.Item`, `Menu.Divider`, ...). */
  children: ReactNode;
  /**
   * Drawn, closed, once the browser is idle after the page, rather than at its
   * first opening: for the header's menus, which every page has and which a visitor opens before
   * anything else of a page they do not know.
   */
  isDrawnWhenIdle?: boolean;
};

/**
 * Mantine's menu, drawn from its first opening. A menu drawn closed still mounts its popover, whose
 * floating parts set their state as they are first drawn: every menu of a page (the header has two,
 * a team's or an address book's rows one each) was drawn a second time at once, in a synchronous
 * pass of the page's first drawing (bench/README.md). Until the menu is first opened only its
 * button is drawn, with the attributes of a menu's button; the first click draws the menu closed,
 * gives the new button the focus, and opens it, so that the menu opens with its transition and
 * gives the focus back to its button when it closes. Then it stays drawn.
 *
 * A menu drawn when idle (`isDrawnWhenIdle`) is drawn closed once the page has settled, so that its
 * first opening only opens it: opening the header's language menu drew the menu closed, then open,
 * inside the click (bench/README.md). Its button is drawn anew then, and keeps the focus if it had
 * it. (Kept in the page with its items, Mantine's `keepMounted`, its focus trap found its first item
 * still hidden when it opened, and the keyboard's focus stayed on the button.)
 */
export function Menu({ target, children, isDrawnWhenIdle = false, ...props }: MenuProps) {
  const [stage, setStage] = useState<'button' | 'drawn' | 'opening' | 'drawing'>('button');
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    if (stage === 'drawing') {
      if (hadFocus.current) button.current?.focus();
      setStage('drawn');
    }
    if (stage !== 'opening') return;
    button.current?.focus();
    setOpened(true);
    setStage('drawn');
  }, [stage]);
  const rememberFocus = useCallback(() => {
    hadFocus.current = button.current !== null && document.activeElement === button.current;
  }, []);
  const isIdle = useIdleAfterPage(isDrawnWhenIdle, rememberFocus);
  if (isIdle && stage === 'button') setStage('drawing');

  if (stage === 'button')
    return cloneElement(target, {
      ref: button,
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (event: MouseEvent<HTMLElement>) => {
        target.props.onClick?.(event);
        setStage('opening');
      },
    } as Partial<typeof target.props>);
  return (
    <MantineMenu {...props} opened={opened} onChange={setOpened}>
      <MantineMenu.Target>{cloneElement(target, { ref: button } as Partial<typeof target.props>)}</MantineMenu.Target>
      <MantineMenu.Dropdown>{children}</MantineMenu.Dropdown>
    </MantineMenu>
  );
}

/** The parts of a menu's list, Mantine's own. */
export const MenuItem = MantineMenu.Item;
export const MenuDivider = MantineMenu.Divider;
