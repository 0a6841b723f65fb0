import { useEffect, useRef, useState } from 'react';
import { useLocation } from '#web/lib/page-router.tsx';

/**
 * The open/closed state of a menu of the top bar: a button toggles it; it closes on Escape (focus
 * returns to the button), on a click or focus move outside `rootRef`, and on navigation.
 */
export function useDisclosure<Root extends HTMLElement = HTMLDivElement>() {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<Root>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useOnNewPath(() => setIsOpen(false));

  useEffect(() => {
    if (!isOpen) return;
    const onOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return { isOpen, setIsOpen, rootRef, buttonRef };
}

/**
 * Runs `onNewPath` after the path changes, not after the first render: an island woken by the click
 * that opens its menu must not close the menu when its first effects run.
 */
export function useOnNewPath(onNewPath: () => void) {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is the reaction to a new path.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    onNewPath();
  }, [pathname]);
}
