import type { ReactNode } from 'react';
import { MenuButton } from './menu-button.tsx';
import { useDisclosure } from './use-disclosure.ts';

/**
 * A disclosure menu of the desktop bar: a MenuButton (aria-expanded/aria-controls) and the panel it
 * opens. The panel closes on Escape, a click or focus outside, navigation, and when its content calls
 * `close` (a link's click, which does not navigate when it leads to the page already shown).
 */
export function DropdownMenu({
  label,
  panelId,
  panelClassName,
  children,
}: {
  label: ReactNode;
  /** An explicit id: generated ids differ between the prerendering (React) and the browser (Preact). */
  panelId: string;
  panelClassName: string;
  children: (close: () => void) => ReactNode;
}) {
  const { isOpen, setIsOpen, rootRef, buttonRef } = useDisclosure();
  return (
    <div ref={rootRef} className="relative">
      <MenuButton
        isOpen={isOpen}
        panelId={panelId}
        buttonRef={buttonRef}
        onToggle={() => setIsOpen((open) => !open)}
      >
        {label}
      </MenuButton>
      <div id={panelId} hidden={!isOpen} className={panelClassName}>
        {children(() => setIsOpen(false))}
      </div>
    </div>
  );
}
