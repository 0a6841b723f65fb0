import { itemNameField } from '@launchkit/api-contract/field-rules';
import { formatLongDate } from '@launchkit/plans';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { requiredField } from '#web/components/forms/error-message.ts';
import { ModalDialog } from '#web/components/forms/modal-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import type { Item } from '#web/lib/items.ts';

export type ItemActions = {
  /** Each resolves to whether the change was made; a failure is shown by the list. */
  onRename: (item: Item, name: string) => Promise<boolean>;
  onToggleFeatured: (item: Item) => Promise<boolean>;
  onDelete: (item: Item) => Promise<boolean>;
};

const actionClasses =
  'rounded-md px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';

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

function EditableItemRow({ item, actions }: { item: Item; actions: ItemActions }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the rename form (saved or cancelled) puts focus back on the Rename button.
  useEffect(() => {
    if (wasEditing.current && !isEditing) renameButtonRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  const run = async (action: () => Promise<boolean>) => {
    setIsBusy(true);
    const isDone = await action();
    setIsBusy(false);
    return isDone;
  };

  return (
    <li className="flex items-start gap-3 px-4 py-4 sm:px-6" data-testid="item-row">
      <button
        type="button"
        aria-pressed={item.featured}
        aria-label={`Feature ${item.name}`}
        title={item.featured ? 'Featured' : 'Not featured'}
        disabled={isBusy}
        onClick={() => void run(() => actions.onToggleFeatured(item))}
        className={`-m-1 rounded-md p-1 disabled:cursor-not-allowed ${
          item.featured ? 'text-amber-500 hover:text-amber-600' : 'text-slate-400 hover:text-slate-600'
        }`}
      >
        <StarIcon isFilled={item.featured} />
      </button>
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
            <button
              ref={renameButtonRef}
              type="button"
              disabled={isBusy}
              onClick={() => setIsEditing(true)}
              className={`${actionClasses} text-slate-700 hover:bg-slate-100`}
            >
              Rename<span className="sr-only"> {item.name}</span>
            </button>
            <button
              type="button"
              disabled={isBusy}
              onClick={() => setIsConfirmingDelete(true)}
              className={`${actionClasses} text-red-700 hover:bg-red-50`}
            >
              Delete<span className="sr-only"> {item.name}</span>
            </button>
          </div>
        </div>
      )}
      {isConfirmingDelete && (
        <ModalDialog
          titleId="delete-item-title"
          title="Delete this item?"
          description={
            <p>
              <span className="font-medium text-slate-900">{item.name}</span> will be removed. This cannot be
              undone.
            </p>
          }
          onClose={() => setIsConfirmingDelete(false)}
          testId="delete-item-dialog"
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setIsConfirmingDelete(false)}>
              Cancel
            </Button>
            <Button
              className="bg-red-700 hover:bg-red-800"
              onClick={() => {
                setIsConfirmingDelete(false);
                void run(() => actions.onDelete(item));
              }}
            >
              Delete item
            </Button>
          </div>
        </ModalDialog>
      )}
    </li>
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
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useAppForm<RenameValues>({ name: item.name });

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
        disabled={isSubmitting}
        error={errors.name?.message}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Escape here means "stop renaming", not "close" for anything around the list.
            event.preventDefault();
            onCancel();
          }
        }}
        {...register('name', { validate: requiredField(itemNameField) })}
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
