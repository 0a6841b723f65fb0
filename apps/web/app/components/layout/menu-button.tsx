import type { ComponentProps, RefObject } from 'react';
import { ChevronDownIcon } from '#web/components/icons.tsx';

type DisclosureButtonProps = Omit<ComponentProps<'button'>, 'type' | 'ref' | 'onClick'> & {
  isOpen: boolean;
  panelId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
};

/**
 * A button that opens and closes the panel `panelId` and says whether it is open (aria-expanded); its
 * ref is where focus goes back when Escape closes the panel.
 */
export function DisclosureButton({ isOpen, panelId, buttonRef, onToggle, ...props }: DisclosureButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-expanded={isOpen}
      aria-controls={panelId}
      onClick={onToggle}
      {...props}
    />
  );
}

/** The button of a top-bar menu: its name, and a chevron that turns while the menu is open. */
export function MenuButton({ children, ...disclosure }: Omit<DisclosureButtonProps, 'className'>) {
  return (
    <DisclosureButton
      className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900"
      {...disclosure}
    >
      {children}
      <ChevronDownIcon
        className={`size-4 text-slate-500 transition-transform ${disclosure.isOpen ? 'rotate-180' : ''}`}
      />
    </DisclosureButton>
  );
}
