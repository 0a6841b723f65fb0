import { type Dispatch, type RefObject, type SetStateAction, useRef, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { errorMessage } from '#web/components/forms/error-message.ts';
import { CardSection } from '#web/components/layout/card-section.tsx';
import { EmptyList } from '#web/components/layout/list-states.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { createItem, deleteItem, type Item, renameItem, setItemFeatured } from '#web/lib/items.ts';
import { isAccessLost } from '#web/lib/team/workspaces.ts';
import { AddItemForm } from './add-item-form.tsx';
import { type ItemActions, ItemRow } from './item-row.tsx';
import { useLiveItems } from './use-live-items.ts';

/**
 * docs/product.md §6 and §8: the upgrade message, shown in a browser alert when featuring is not
 * allowed.
 */
export const upgradeMessage = 'You must upgrade to the organization plan to use this feature';

const titleId = 'dashboard-items-title';

/**
 * §2 the dashboard's item list: live (lib/live-items.ts), newest first, with add, rename, featuring
 * and delete, in a workspace (null: the signed-in user's own). A failed load or change is shown above
 * the list (§8); a refusal saying the caller lost access to the workspace goes to `onAccessLost`.
 * Without `canWrite` (a viewer: docs/team.md, Roles) the list is as live, and offers no change.
 */
export function ItemList({
  canFeature,
  canWrite = true,
  workspace = null,
  onAccessLost = () => undefined,
  className = '',
}: {
  canFeature: boolean;
  canWrite?: boolean;
  workspace?: string | null;
  onAccessLost?: () => void;
  className?: string;
}) {
  const { items, setItems, loadError } = useLiveItems(workspace, onAccessLost);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { actionError, onAdd, actions } = useItemChanges({
    workspace,
    canFeature,
    setItems,
    onAccessLost,
    titleRef,
  });

  return (
    <CardSection titleId={titleId} testId="dashboard-items" className={className}>
      <div className="border-b border-slate-200 p-4 sm:p-6">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Items
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {workspace
            ? 'Changes made by anyone in this workspace appear here at once.'
            : 'Changes appear here at once, in every tab and on every device you are signed in on.'}
        </p>
        {canWrite ? (
          <div className="mt-4">
            <AddItemForm onAdd={onAdd} />
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600" data-testid="items-read-only">
            Your role in this workspace is viewer: you see its items, and others change them.
          </p>
        )}
      </div>
      {(loadError || actionError) && (
        <div className="space-y-3 px-4 pt-4 sm:px-6" data-testid="items-errors">
          {loadError && <Alert variant="error">{loadError}</Alert>}
          {actionError && <Alert variant="error">{actionError}</Alert>}
        </div>
      )}
      <ItemsBody items={items} isFailing={Boolean(loadError)} actions={canWrite ? actions : null} />
    </CardSection>
  );
}

/**
 * The changes made from the list: add, rename, feature, delete. Each shows at once from the server's
 * answer (the stream's next snapshot then agrees with it); a failure goes to `actionError`, a lost
 * access to `onAccessLost`.
 */
function useItemChanges({
  workspace,
  canFeature,
  setItems,
  onAccessLost,
  titleRef,
}: {
  workspace: string | null;
  canFeature: boolean;
  setItems: Dispatch<SetStateAction<Item[] | null>>;
  onAccessLost: () => void;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [actionError, setActionError] = useState<string | null>(null);
  const replace = (changed: Item) =>
    setItems((current) => current?.map((item) => (item.id === changed.id ? changed : item)) ?? current);

  /** Runs one change; its failure goes to the error alert, and the result says whether it was made. */
  const attempt = async (change: () => Promise<void>): Promise<boolean> => {
    setActionError(null);
    try {
      await change();
      return true;
    } catch (error) {
      if (isAccessLost(error)) onAccessLost();
      else setActionError(errorMessage(error));
      return false;
    }
  };

  const onAdd = (name: string) =>
    attempt(async () => {
      const created = await createItem(name, workspace);
      setItems((current) =>
        current && !current.some((item) => item.id === created.id) ? [created, ...current] : current,
      );
    });

  const actions: ItemActions = {
    onRename: (item, name) => attempt(async () => replace(await renameItem(item.id, name, workspace))),
    onToggleFeatured: async (item) => {
      // §6: without the organization plan the browser says so and the server is not asked.
      if (!canFeature) {
        window.alert(upgradeMessage);
        return false;
      }
      return attempt(async () => replace(await setItemFeatured(item.id, !item.featured, workspace)));
    },
    onDelete: async (item) => {
      const isDeleted = await attempt(async () => {
        await deleteItem(item.id, workspace);
        setItems((current) => current?.filter((other) => other.id !== item.id) ?? current);
      });
      // The row and its buttons are gone: focus goes to the list's title rather than the page's start.
      if (isDeleted) titleRef.current?.focus();
      return isDeleted;
    },
  };
  return { actionError, onAdd, actions };
}

function ItemsBody({
  items,
  isFailing,
  actions,
}: {
  items: Item[] | null;
  isFailing: boolean;
  actions: ItemActions | null;
}) {
  if (items === null) {
    return isFailing ? null : <LoadingStatus className="py-12" />;
  }
  if (items.length === 0) {
    return (
      <EmptyList testId="items-empty" title="No items yet">
        {actions ? 'Add your first item with the form above.' : 'Items added in this workspace appear here.'}
      </EmptyList>
    );
  }
  return (
    <ul aria-labelledby={titleId} className="divide-y divide-slate-200">
      {items.map((item) => (
        <ItemRow key={item.id} item={item} actions={actions} />
      ))}
    </ul>
  );
}
