import { itemNameField } from '@launchkit/api-contract/field-rules';
import { formatLongDate } from '@launchkit/plans';
import { useEffect, useRef, useState } from 'react';
import { Button, RowAction } from '#web/components/forms/button.tsx';
import { ConfirmDialog } from '#web/components/forms/confirm-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import type { Item } from '#web/lib/items.ts';

export type ItemActions = {
  /** Each resolves to whether the change was made; a failure is shown by the list. */
  onRename: (item: Item, name: string) => Promise<boolean>;
  onToggleFeatured: (item: Item) => Promise<boolean>;
  onDelete: (item: Item) => Promise<boolean>;
};

/**
 * One item: its featuring star, its name (renamed in place) and its actions; without actions (a role
 * that changes nothing), the name and its mark alone.
 */
export function ItemRow({ item, actions }: { item: Item; actions: ItemActions | null }) {
  if (!actions) return <ReadOnlyItemRow item={item} />;
  return <EditableItemRow item={item} actions={actions} />;
}

function ItemSummary({ item }: { item: Item }) {
  return (
    <div className="min-w-0 flex-1 basis-60">
      <p className="break-words font-medium text-slate-900">{item.name}</p>
      <p className="mt-0.5 text-xs text-slate-600">
        Added <time dateTime={item.createdAt}>{formatLongDate(item.createdAt)}</time>
        {item.featured && <span className="ml-2 font-medium text-amber-700">Featured</span>}
      </p>
    </div>
  );
}

function ReadOnlyItemRow({ item }: { item: Item }) {
  return (
    <li className="flex items-start gap-3 px-4 py-4 sm:px-6" data-testid="item-row">
      {/* The word "Featured" beside the name says it to everyone: the star is decoration here. */}
      <span aria-hidden="true" className={`-m-1 p-1 ${item.featured ? 'text-amber-500' : 'text-slate-300'}`}>
        <StarIcon isFilled={item.featured} />
      </span>
      <ItemSummary item={item} />
    </li>
  );
}

/** Leaving the rename form (saved or cancelled) puts focus back on the Rename button. */
function useFocusAfterEditing(isEditing: boolean) {
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing) renameButtonRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);
  return renameButtonRef;
}

function EditableItemRow({ item, actions }: { item: Item; actions: ItemActions }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const renameButtonRef = useFocusAfterEditing(isEditing);

  const run = async (action: () => Promise<boolean>) => {
    setIsBusy(true);
    const isDone = await action();
    setIsBusy(false);
    return isDone;
  };

  return (
    <li className="flex items-start gap-3 px-4 py-4 sm:px-6" data-testid="item-row">
      <FeatureToggle
        item={item}
        disabled={isBusy}
        onToggle={() => void run(() => actions.onToggleFeatured(item))}
      />
      {isEditing ? (
        <RenameForm
          item={item}
          onSave={async (name) => {
            if (name === item.name || (await run(() => actions.onRename(item, name)))) setIsEditing(false);
          }}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <ItemSummary item={item} />
          <div className="-mr-2.5 ml-auto flex gap-1">
            <RowAction ref={renameButtonRef} disabled={isBusy} onClick={() => setIsEditing(true)}>
              Rename<span className="sr-only"> {item.name}</span>
            </RowAction>
            <RowAction isDanger disabled={isBusy} onClick={() => setIsConfirmingDelete(true)}>
              Delete<span className="sr-only"> {item.name}</span>
            </RowAction>
          </div>
        </div>
      )}
      {isConfirmingDelete && (
        <ConfirmDialog
          id="delete-item"
          title="Delete this item?"
          description={
            <p>
              <span className="font-medium text-slate-900">{item.name}</span> will be removed. This cannot be
              undone.
            </p>
          }
          confirmLabel="Delete item"
          onConfirm={() => {
            setIsConfirmingDelete(false);
            void run(() => actions.onDelete(item));
          }}
          onCancel={() => setIsConfirmingDelete(false)}
        />
      )}
    </li>
  );
}

function FeatureToggle({
  item,
  disabled,
  onToggle,
}: {
  item: Item;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={item.featured}
      aria-label={`Feature ${item.name}`}
      title={item.featured ? 'Featured' : 'Not featured'}
      disabled={disabled}
      onClick={onToggle}
      className={`-m-1 rounded-md p-1 disabled:cursor-not-allowed ${
        item.featured ? 'text-amber-500 hover:text-amber-600' : 'text-slate-400 hover:text-slate-600'
      }`}
    >
      <StarIcon isFilled={item.featured} />
    </button>
  );
}

type RenameValues = { name: string };

function RenameForm({
  item,
  onSave,
  onCancel,
}: {
  item: Item;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { requiredProps, handleSubmit, setFocus, isSubmitting } = useAppForm<RenameValues>({
    name: item.name,
  });

  useEffect(() => setFocus('name', { shouldSelect: true }), [setFocus]);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ name }) => onSave(name.trim()))}
      className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start"
      data-testid="rename-item-form"
    >
      <TextField
        id={`rename-item-${item.id}`}
        label={`New name for ${item.name}`}
        hideLabel
        autoComplete="off"
        maxLength={itemNameField.max}
        fieldClassName="min-w-0 flex-1"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Escape here means "stop renaming", not "close" for anything around the list.
            event.preventDefault();
            onCancel();
          }
        }}
        {...requiredProps('name', itemNameField)}
      />
      <div className="flex gap-2">
        <Button type="submit" busy={isSubmitting} busyLabel="Saving…">
          Save
        </Button>
        <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function StarIcon({ isFilled }: { isFilled: boolean }) {
  return (
    <svg
      className="size-6"
      viewBox="0 0 24 24"
      fill={isFilled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M11.48 3.5a.56.56 0 0 1 1.04 0l2.13 5.11a.56.56 0 0 0 .47.35l5.52.44c.5.04.7.66.32.99l-4.2 3.6a.56.56 0 0 0-.18.56l1.28 5.39a.56.56 0 0 1-.84.6l-4.72-2.88a.56.56 0 0 0-.59 0l-4.72 2.89a.56.56 0 0 1-.84-.61l1.28-5.39a.56.56 0 0 0-.18-.56l-4.2-3.6a.56.56 0 0 1 .32-.99l5.52-.44a.56.56 0 0 0 .47-.35l2.13-5.11Z" />
    </svg>
  );
}
