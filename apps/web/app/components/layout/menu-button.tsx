import type { ReactNode, RefObject } from 'react';
import { ChevronDownIcon } from '#web/components/icons.tsx';

/** The button of a top-bar menu: it toggles the panel named by `panelId` and says whether it is open. */
export function MenuButton({
  children,
  isOpen,
  panelId,
  buttonRef,
  onToggle,
}: {
  children: ReactNode;
  isOpen: boolean;
  panelId: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900"
      aria-expanded={isOpen}
      aria-controls={panelId}
      onClick={onToggle}
    >
      {children}
      <ChevronDownIcon
        className={`size-4 text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`}
      />
    </button>
  );
}
