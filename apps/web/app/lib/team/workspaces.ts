import type { Workspace } from '@launchkit/api-contract';
import { workspaceAccessLostCodes, workspaceNotFound } from '@launchkit/api-contract/error-codes';
import { ApiError, apiRequest } from '#web/lib/api.ts';

// The team: the workspace the signed-in person works in (their own, or one they joined), shared by the
// top bar's switcher, the dashboard and the owner-only pages. Kept outside React, as the session is
// (auth/session.ts), so every part of the page sees the same choice; remembered per browser in local
// storage. The server decides who may open what: this only chooses what to ask for.

export type { Workspace };

/** The local-storage key of the chosen workspace's id (absent: the person's own). */
export const workspaceStorageKey = 'launchkit.workspace';

/** Whether the answer means the caller can no longer open a workspace (removed, left, or no seat). */
export const isAccessLost = (error: unknown): boolean =>
  error instanceof ApiError && workspaceAccessLostCodes.has(error.code);

export const listWorkspaces = (signal?: AbortSignal) => apiRequest<Workspace[]>('workspaces', { signal });

const leaveWorkspaceCall = (id: string) =>
  apiRequest<{ id: string }>(`workspaces/${encodeURIComponent(id)}/membership`, { method: 'DELETE' });

/** `Your workspace`, or `<ownerName or ownerEmail>'s workspace` for one the person joined. */
export function workspaceLabel(workspace: Pick<Workspace, 'role' | 'ownerName' | 'ownerEmail'>): string {
  if (workspace.role === 'owner') return 'Your workspace';
  return `${workspace.ownerName || workspace.ownerEmail}'s workspace`;
}

/** Something to tell the person once, on the dashboard. */
export type WorkspaceNotice = { kind: 'access-lost' | 'left'; label: string };

export type WorkspaceSnapshot = {
  /** The signed-in person these workspaces are for; null when nobody is signed in. */
  uid: string | null;
  /** Their own first, then the ones they joined; null until the first answer. */
  workspaces: Workspace[] | null;
  /** Why the last load of the list failed; cleared by the next answer. */
  error: ApiError | null;
  /** The workspace worked in; null while that is not known yet (a remembered one not yet checked). */
  currentId: string | null;
  notice: WorkspaceNotice | null;
};

/** The part of Storage the store uses (local storage in the browser, a map in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

type StoreDependencies = {
  storage: KeyValueStorage | null;
  list: () => Promise<Workspace[]>;
  leave: (id: string) => Promise<unknown>;
};

/** Nobody signed in (or the store has not caught up with the session yet). */
export const signedOutWorkspaces: WorkspaceSnapshot = {
  uid: null,
  workspaces: null,
  error: null,
  currentId: null,
  notice: null,
};

/** Whether the person works in their own workspace; null while not known. */
export function isOwnWorkspace(snapshot: WorkspaceSnapshot): boolean | null {
  if (!snapshot.uid || !snapshot.currentId) return null;
  return snapshot.currentId === snapshot.uid;
}

/**
 * The workspace worked in, when known. The own one is known before the list arrives (its label and
 * role are all the page needs of it; featuring follows the signed-in user's own plan).
 */
export function currentWorkspace(snapshot: WorkspaceSnapshot): Workspace | null {
  const { uid, currentId, workspaces } = snapshot;
  if (!uid || !currentId) return null;
  const listed = workspaces?.find((workspace) => workspace.id === currentId);
  if (listed) return listed;
  if (currentId !== uid) return null;
  return {
    id: uid,
    ownerName: null,
    ownerEmail: '',
    role: 'owner',
    hasSeat: true,
    seats: 0,
    canFeatureItems: false,
    billingNeedsAttention: false,
    requiresSecondFactor: false,
  };
}

/** The `workspace` query value of the items calls: the current workspace's id, or null for the own. */
export function workspaceParam(snapshot: WorkspaceSnapshot): string | null {
  return isOwnWorkspace(snapshot) === false ? snapshot.currentId : null;
}

const canOpen = (workspace: Workspace | undefined): workspace is Workspace =>
  Boolean(workspace && (workspace.role === 'owner' || workspace.hasSeat));

/** The chosen workspace as this browser remembers it; the person's own is remembered as nothing. */
function rememberedChoice(storage: KeyValueStorage | null) {
  return {
    read(): string | null {
      try {
        return storage?.getItem(workspaceStorageKey) ?? null;
      } catch {
        return null;
      }
    },
    write(id: string | null, uid: string | null): void {
      try {
        if (id === null || id === uid) storage?.removeItem(workspaceStorageKey);
        else storage?.setItem(workspaceStorageKey, id);
      } catch {
        // Storage can be unavailable (privacy settings): the choice then lasts as long as the page.
      }
    },
  };
}

/**
 * Where the list as the server answered it puts the person (`uid`): in the workspace they work in or
 * remembered, while they may open it; else in their own, forgetting the choice.
 */
function placement(
  snapshot: WorkspaceSnapshot,
  uid: string,
  workspaces: Workspace[],
  remembered: string | null,
  labelOf: (id: string) => string,
): { patch: Partial<WorkspaceSnapshot>; forget: boolean } {
  const wanted = snapshot.currentId ?? remembered ?? uid;
  const found = workspaces.find((workspace) => workspace.id === wanted);
  if (wanted === uid || canOpen(found)) {
    return { patch: { workspaces, error: null, currentId: wanted }, forget: false };
  }
  // A workspace the person was working in is gone (removed, or its seat lost): they are told. A
  // remembered one that is gone by the time the page opens is simply forgotten.
  const wasWorkingThere = snapshot.currentId === wanted;
  const notice: WorkspaceNotice | null =
    wasWorkingThere || found
      ? { kind: 'access-lost', label: found ? workspaceLabel(found) : labelOf(wanted) }
      : snapshot.notice;
  return { patch: { workspaces, error: null, currentId: uid, notice }, forget: true };
}

export function createWorkspaceStore({ storage, list, leave }: StoreDependencies) {
  let snapshot = signedOutWorkspaces;
  const listeners = new Set<() => void>();
  // Each load of the list takes a number: an answer that arrives after a newer load began (a switch
  // of user, an invitation just accepted) is dropped.
  let loadNumber = 0;

  const update = (patch: Partial<WorkspaceSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };

  const choice = rememberedChoice(storage);
  const remembered = choice.read;
  const remember = (id: string | null) => choice.write(id, snapshot.uid);

  const labelOf = (id: string) => {
    const workspace = snapshot.workspaces?.find((candidate) => candidate.id === id);
    return workspace ? workspaceLabel(workspace) : 'that workspace';
  };

  /** The list as the server answered it decides where the person is. */
  const apply = (workspaces: Workspace[]) => {
    const { uid } = snapshot;
    if (!uid) return;
    const { patch, forget } = placement(snapshot, uid, workspaces, remembered(), labelOf);
    if (forget) remember(null);
    update(patch);
  };

  const refresh = async (): Promise<void> => {
    const { uid } = snapshot;
    if (!uid) return;
    const number = ++loadNumber;
    try {
      const workspaces = await list();
      if (number === loadNumber && snapshot.uid === uid) apply(workspaces);
    } catch (error) {
      if (number !== loadNumber || snapshot.uid !== uid) return;
      // Without the list a remembered workspace cannot be checked: the person works in their own
      // (the switcher says so) and the remembered choice is kept for the next load.
      const failure = error instanceof ApiError ? error : new ApiError('unknown', 'Something went wrong');
      update({ error: failure, currentId: snapshot.currentId ?? uid });
    }
  };

  return {
    getSnapshot: (): WorkspaceSnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Follows the signed-in person (null: signed out). A new person starts in the remembered
     * workspace once the list confirms it, or at once in their own.
     */
    setUser(uid: string | null): void {
      if (uid === snapshot.uid) return;
      loadNumber++;
      if (!uid) {
        update(signedOutWorkspaces);
        return;
      }
      const wanted = remembered();
      update({ ...signedOutWorkspaces, uid, currentId: !wanted || wanted === uid ? uid : null });
      void refresh();
    },

    /** Loads the list again (the switcher opening, a Try again button). */
    refresh,

    ...workspaceMoves({ current: () => snapshot, update, remember, refresh, labelOf, leave }),
  };
}

type MoveContext = {
  current: () => WorkspaceSnapshot;
  update: (patch: Partial<WorkspaceSnapshot>) => void;
  remember: (id: string | null) => void;
  refresh: () => Promise<void>;
  labelOf: (id: string) => string;
  leave: (id: string) => Promise<unknown>;
};

/** The store's changes of workspace: chosen, joined, lost, left. */
function workspaceMoves({ current, update, remember, refresh, labelOf, leave }: MoveContext) {
  // While a leave is under way the server may end the live list first: that is no loss of access.
  let leavingId: string | null = null;
  return {
    /** Works in `id` from now on, in this tab and in the next ones this browser opens. */
    select(id: string): void {
      const { uid, workspaces } = current();
      if (!uid) return;
      if (id !== uid && !canOpen(workspaces?.find((workspace) => workspace.id === id))) return;
      remember(id);
      update({ currentId: id, notice: null });
    },

    /** A workspace just joined (an accepted invitation) becomes the current one. */
    joined(workspace: Workspace): void {
      if (!current().uid) return;
      const others = (current().workspaces ?? []).filter((candidate) => candidate.id !== workspace.id);
      remember(workspace.id);
      update({ workspaces: [...others, workspace], currentId: workspace.id, notice: null });
      void refresh();
    },

    /**
     * The server said the person can no longer open `id` (the live list was closed, or a call was
     * refused): they are back in their own workspace and told so.
     */
    accessLost(id: string): void {
      const { uid, currentId } = current();
      if (!uid || id === uid || id !== currentId || id === leavingId) return;
      remember(null);
      update({ currentId: uid, notice: { kind: 'access-lost', label: labelOf(id) } });
      void refresh();
    },

    /** Leaves a joined workspace; already gone counts as left. Rejects with the server's refusal. */
    async leave(id: string): Promise<void> {
      const { uid } = current();
      if (!uid || id === uid) return;
      const label = labelOf(id);
      leavingId = id;
      try {
        await leave(id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.code === workspaceNotFound)) throw error;
        });
      } finally {
        leavingId = null;
      }
      if (current().uid !== uid) return;
      if (current().currentId === id) remember(null);
      update({
        workspaces: current().workspaces?.filter((workspace) => workspace.id !== id) ?? null,
        currentId: current().currentId === id ? uid : current().currentId,
        notice: { kind: 'left', label },
      });
    },

    dismissNotice(): void {
      if (current().notice) update({ notice: null });
    },
  };
}

export type WorkspaceStore = ReturnType<typeof createWorkspaceStore>;

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The page's one store. */
export const workspaces: WorkspaceStore = createWorkspaceStore({
  storage: browserStorage(),
  list: () => listWorkspaces(),
  leave: leaveWorkspaceCall,
});
