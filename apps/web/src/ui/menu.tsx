import { Menu as MantineMenu, type MenuProps as MantineMenuProps } from '@mantine/core';
import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

type MenuProps = Omit<MantineMenuProps, 'opened' | 'onChange' | 'defaultOpened' | 'children'> & {
  /** The button that opens the menu. */
  target: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  /** The menu's items (Mantine's `Menu.Item`, `Menu.Divider`, ...). */
  children: ReactNode;
};

/**
 * Mantine's menu, drawn from its first opening. A menu drawn closed still mounts its popover, whose
 * floating parts set their state as they are first drawn: every menu of a page (the header has two,
 * a team's or an address book's rows one each) was drawn a second time at once, in a synchronous
 * pass of the page's first drawing (bench/README.md). Until the menu is first opened only its
 * button is drawn, with the attributes of a menu's button; the first click draws the menu closed,
 * gives the new button the focus, and opens it, so that the menu opens with its transition and
 * gives the focus back to its button when it closes. Then it stays drawn.
 */
export function Menu({ target, children, ...props }: MenuProps) {
  const [stage, setStage] = useState<'button' | 'drawn' | 'opening'>('button');
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (stage !== 'opening') return;
    button.current?.focus();
    setOpened(true);
    setStage('drawn');
  }, [stage]);

  if (stage === 'button')
    return cloneElement(target, {
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
