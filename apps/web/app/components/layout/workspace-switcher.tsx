import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { CheckIcon, ChevronDownIcon } from '#web/components/icons.tsx';
import { useWorkspaces } from '#web/hooks/use-workspaces.ts';
import { currentWorkspace, type Workspace, workspaceLabel, workspaces } from '#web/lib/team/workspaces.ts';
import { useDisclosure } from './use-disclosure.ts';

type Variant = 'bar' | 'mobile';

const styles: Record<Variant, { root: string; button: string; panel: string }> = {
  bar: {
    root: 'relative',
    button:
      'inline-flex max-w-48 items-center gap-2 lg:max-w-80 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900',
    panel:
      'absolute top-full right-0 z-50 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg',
  },
  mobile: {
    root: '',
    button:
      'flex w-full items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-base font-medium text-slate-900 shadow-sm hover:bg-slate-50',
    panel: 'mt-2 rounded-lg border border-slate-200 bg-white p-2',
  },
};

/**
 * The workspace switcher of the signed-in top bar (Teams): a menu button named `Workspace: <label>`
 * opening a menu of `menuitemradio` entries, the person's own workspace and each one they joined
 * (WAI-ARIA menu button pattern: arrows, Home and End move, Enter or Space choose, Escape and Tab
 * close). The choice is the store's (lib/team/workspaces.ts), so the dashboard follows it. A workspace
 * whose seat the owner's plan no longer covers is listed but cannot be chosen.
 */
export function WorkspaceSwitcher({ variant, onChosen }: { variant: Variant; onChosen?: () => void }) {
  const snapshot = useWorkspaces();
  const current = currentWorkspace(snapshot);
  const menu = useWorkspaceMenu(onChosen);
  const { isOpen, setIsOpen, rootRef, buttonRef, menuRef, open, choose, onButtonKeyDown, onMenuKeyDown } =
    menu;
  const ids = { button: `workspace-switcher-${variant}`, menu: `workspace-menu-${variant}` };
  const entries: Workspace[] = snapshot.workspaces ?? (current ? [current] : []);
  const label = current ? workspaceLabel(current) : 'Loading…';

  const style = styles[variant];
  return (
    <div ref={rootRef} className={style.root}>
      <button
        ref={buttonRef}
        id={ids.button}
        type="button"
        className={style.button}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={ids.menu}
        onClick={() => (isOpen ? setIsOpen(false) : open('current'))}
        onKeyDown={onButtonKeyDown}
        data-testid={`workspace-switcher-${variant}`}
      >
        <WorkspaceMark label={current ? workspaceInitial(current) : ''} />
        <span className="sr-only">Workspace: </span>
        <span className="min-w-0 flex-1 truncate">{label}</span>
        <ChevronDownIcon
          className={`size-4 shrink-0 text-slate-500 transition-transform ${isOpen ? 'rotate-180' : ''}`}
        />
      </button>
      <div hidden={!isOpen} className={style.panel}>
        <p className="px-3 pt-1 pb-2 text-xs font-medium text-slate-600" aria-hidden="true">
          Switch workspace
        </p>
        <div
          ref={menuRef}
          id={ids.menu}
          role="menu"
          aria-labelledby={ids.button}
          className="border-t border-slate-100 pt-1"
          onKeyDown={onMenuKeyDown}
        >
          {entries.map((workspace, index) => (
            <MenuEntry
              key={workspace.id}
              workspace={workspace}
              isChecked={workspace.id === current?.id}
              noteId={`${ids.menu}-note-${index}`}
              onChoose={() => choose(workspace)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The menu button's behaviour: opening (focus on the chosen entry, or the last with ArrowUp on the
 * button; the list loaded again), choosing (then `onChosen`, or focus back on the button), and the keys.
 */
function useWorkspaceMenu(onChosen?: () => void) {
  const { isOpen, setIsOpen, rootRef, buttonRef } = useDisclosure();
  const menuRef = useRef<HTMLDivElement>(null);
  // Which entry takes focus when the menu opens: the chosen one, or the last (ArrowUp on the button).
  const [openAt, setOpenAt] = useState<'current' | 'last'>('current');
  useEffect(() => {
    if (!isOpen) return;
    const items = menuItemsOf(menuRef.current);
    const checked = items.find((item) => item.getAttribute('aria-checked') === 'true');
    (openAt === 'last' ? items.at(-1) : (checked ?? items[0]))?.focus();
  }, [isOpen, openAt]);

  const open = (at: 'current' | 'last') => {
    setOpenAt(at);
    setIsOpen(true);
    // Someone may have added the person to a workspace (or removed them) since the page loaded.
    void workspaces.refresh();
  };

  const choose = (workspace: Workspace) => {
    if (!isSelectable(workspace)) return;
    workspaces.select(workspace.id);
    setIsOpen(false);
    if (onChosen) onChosen();
    else buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open(event.key === 'ArrowUp' ? 'last' : 'current');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    moveInMenu(event, menuRef.current, {
      onTab: () => setIsOpen(false),
      onEscape: () => {
        setIsOpen(false);
        buttonRef.current?.focus();
      },
    });

  return { isOpen, setIsOpen, rootRef, buttonRef, menuRef, open, choose, onButtonKeyDown, onMenuKeyDown };
}

/**
 * The menu's keys: arrows, Home and End move among the entries; Tab closes it; Escape closes it,
 * handled here, before the mobile menu around it hears it: only this menu closes.
 */
function moveInMenu(
  event: KeyboardEvent<HTMLDivElement>,
  menu: HTMLElement | null,
  { onTab, onEscape }: { onTab: () => void; onEscape: () => void },
) {
  const items = menuItemsOf(menu);
  const index = items.indexOf(document.activeElement as HTMLButtonElement);
  const moveTo = (next: number) => {
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };
  if (event.key === 'ArrowDown') moveTo(index + 1);
  else if (event.key === 'ArrowUp') moveTo(index - 1);
  else if (event.key === 'Home') moveTo(0);
  else if (event.key === 'End') moveTo(items.length - 1);
  else if (event.key === 'Tab') onTab();
  else if (event.key === 'Escape') {
    event.preventDefault();
    onEscape();
  }
}

function MenuEntry({
  workspace,
  isChecked,
  noteId,
  onChoose,
}: {
  workspace: Workspace;
  isChecked: boolean;
  noteId: string;
  onChoose: () => void;
}) {
  const note = noteOf(workspace);
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={isChecked}
      aria-disabled={isSelectable(workspace) ? undefined : true}
      aria-label={workspaceLabel(workspace)}
      aria-describedby={note ? noteId : undefined}
      tabIndex={-1}
      onClick={onChoose}
      className="flex w-full items-start gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
    >
      <WorkspaceMark label={workspaceInitial(workspace)} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{workspaceLabel(workspace)}</span>
        {note && (
          <span id={noteId} className="block truncate text-xs text-slate-600">
            {note}
          </span>
        )}
      </span>
      <CheckIcon className={`mt-0.5 size-4 shrink-0 text-brand-600 ${isChecked ? '' : 'invisible'}`} />
    </button>
  );
}

const menuItemsOf = (menu: HTMLElement | null): HTMLButtonElement[] => [
  ...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? []),
];

const isSelectable = (workspace: Workspace) => workspace.role === 'owner' || workspace.hasSeat;

/** The line under an entry: whose it is, and why it cannot be opened. */
function noteOf(workspace: Workspace): string | null {
  if (workspace.role === 'owner') return null;
  if (!workspace.hasSeat) return 'No seat: the owner’s plan has too few seats';
  return workspace.ownerName ? workspace.ownerEmail : null;
}

function workspaceInitial(workspace: Workspace): string {
  if (workspace.role === 'owner') return '';
  return (workspace.ownerName || workspace.ownerEmail).trim().charAt(0).toUpperCase();
}

/** A small square: the owner's initial, or a house for the person's own workspace. */
function WorkspaceMark({ label }: { label: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-md bg-brand-100 text-xs font-semibold text-brand-800"
    >
      {label || (
        <svg
          aria-hidden="true"
          focusable="false"
          className="size-4"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.75}
        >
          <path
            d="m3 10.5 9-7 9 7V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1v-9.5Z"
            strokeLinejoin="round"
          />
        </svg>
      )}
    </span>
  );
}
