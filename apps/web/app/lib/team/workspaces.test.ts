import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import {
  createWorkspaceStore,
  currentWorkspace,
  isOwnWorkspace,
  type KeyValueStorage,
  type Workspace,
  workspaceLabel,
  workspaceParam,
  workspaceStorageKey,
} from './workspaces.ts';

const own: Workspace = {
  id: 'auth0|me',
  ownerName: 'Me',
  ownerEmail: 'me@example.com',
  role: 'owner',
  hasSeat: true,
  seats: 3,
  canFeatureItems: false,
  billingNeedsAttention: false,
  requiresSecondFactor: false,
};
const ada: Workspace = {
  id: 'auth0|ada',
  ownerName: 'Ada Lovelace',
  ownerEmail: 'ada@example.com',
  role: 'member',
  hasSeat: true,
  seats: 5,
  canFeatureItems: true,
  billingNeedsAttention: false,
  requiresSecondFactor: false,
};
const grace: Workspace = {
  id: 'google-oauth2|grace',
  ownerName: null,
  ownerEmail: 'grace@example.com',
  role: 'member',
  hasSeat: false,
  seats: 1,
  canFeatureItems: false,
  billingNeedsAttention: false,
  requiresSecondFactor: false,
};

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** A store over a list the test answers by hand. */
function setUp({ remembered, list = [own, ada, grace] }: { remembered?: string; list?: Workspace[] } = {}) {
  const storage = memoryStorage(remembered ? { [workspaceStorageKey]: remembered } : {});
  const answers: Array<{ resolve: (list: Workspace[]) => void; reject: (error: unknown) => void }> = [];
  const listCall = vi.fn(
    () =>
      new Promise<Workspace[]>((resolve, reject) => {
        answers.push({ resolve, reject });
      }),
  );
  const leave = vi.fn(async (_id: string): Promise<unknown> => ({}));
  const store = createWorkspaceStore({ storage, list: listCall, leave });
  const changes = vi.fn();
  store.subscribe(changes);
  /** Answers the latest load of the list. */
  const answer = async (workspaces: Workspace[] = list) => {
    answers.at(-1)?.resolve(workspaces);
    await Promise.resolve();
    await Promise.resolve();
  };
  const fail = async (error: unknown) => {
    answers.at(-1)?.reject(error);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { store, storage, listCall, leave, changes, answer, fail, answers };
}

describe('workspaceLabel', () => {
  it('names the own workspace, and another by its owner’s name or else email', () => {
    expect(workspaceLabel(own)).toBe('Your workspace');
    expect(workspaceLabel(ada)).toBe("Ada Lovelace's workspace");
    expect(workspaceLabel(grace)).toBe("grace@example.com's workspace");
  });
});

describe('the workspace store', () => {
  it('starts in the own workspace at once when nothing is remembered', () => {
    const { store, listCall } = setUp();
    store.setUser(own.id);
    const snapshot = store.getSnapshot();
    expect(snapshot.currentId).toBe(own.id);
    expect(isOwnWorkspace(snapshot)).toBe(true);
    expect(workspaceParam(snapshot)).toBeNull();
    expect(currentWorkspace(snapshot)).toMatchObject({ id: own.id, role: 'owner' });
    expect(listCall).toHaveBeenCalledOnce();
  });

  it('opens a remembered workspace once the list confirms it', async () => {
    const { store, answer, changes } = setUp({ remembered: ada.id });
    store.setUser(own.id);
    expect(store.getSnapshot().currentId).toBeNull();
    expect(isOwnWorkspace(store.getSnapshot())).toBeNull();
    await answer();
    const snapshot = store.getSnapshot();
    expect(snapshot.currentId).toBe(ada.id);
    expect(isOwnWorkspace(snapshot)).toBe(false);
    expect(workspaceParam(snapshot)).toBe(ada.id);
    expect(currentWorkspace(snapshot)).toEqual(ada);
    expect(snapshot.notice).toBeNull();
    expect(changes).toHaveBeenCalled();
  });

  it('falls back to the own workspace, quietly, when the remembered one is not in the list', async () => {
    const { store, storage, answer } = setUp({ remembered: 'auth0|someone-else' });
    store.setUser(own.id);
    await answer();
    expect(store.getSnapshot().currentId).toBe(own.id);
    expect(store.getSnapshot().notice).toBeNull();
    expect(storage.values.has(workspaceStorageKey)).toBe(false);
  });

  it('falls back to the own workspace, and says so, when the remembered one has no seat', async () => {
    const { store, answer } = setUp({ remembered: grace.id });
    store.setUser(own.id);
    await answer();
    expect(store.getSnapshot().currentId).toBe(own.id);
    expect(store.getSnapshot().notice).toEqual({
      kind: 'access-lost',
      label: "grace@example.com's workspace",
    });
  });

  it('works in the own workspace when the list cannot be loaded, keeping the remembered choice', async () => {
    const { store, storage, fail } = setUp({ remembered: ada.id });
    store.setUser(own.id);
    await fail(new ApiError('network_error', 'Could not reach the server.'));
    expect(store.getSnapshot().currentId).toBe(own.id);
    expect(store.getSnapshot().error?.code).toBe('network_error');
    expect(storage.values.get(workspaceStorageKey)).toBe(ada.id);
  });

  it('remembers a choice per browser, and forgets it when the own workspace is chosen', async () => {
    const { store, storage, answer } = setUp();
    store.setUser(own.id);
    await answer();
    store.select(ada.id);
    expect(store.getSnapshot().currentId).toBe(ada.id);
    expect(storage.values.get(workspaceStorageKey)).toBe(ada.id);
    store.select(own.id);
    expect(store.getSnapshot().currentId).toBe(own.id);
    expect(storage.values.has(workspaceStorageKey)).toBe(false);
  });

  it('does not choose a workspace it does not list, nor one without a seat', async () => {
    const { store, answer } = setUp();
    store.setUser(own.id);
    await answer();
    store.select('auth0|unknown');
    store.select(grace.id);
    expect(store.getSnapshot().currentId).toBe(own.id);
  });

  it('moves to the own workspace and says so when access to the current one is lost', async () => {
    const { store, storage, answer, listCall } = setUp({ remembered: ada.id });
    store.setUser(own.id);
    await answer();
    store.accessLost(ada.id);
    const snapshot = store.getSnapshot();
    expect(snapshot.currentId).toBe(own.id);
    expect(snapshot.notice).toEqual({ kind: 'access-lost', label: "Ada Lovelace's workspace" });
    expect(storage.values.has(workspaceStorageKey)).toBe(false);
    // The list is asked again, so the switcher no longer offers it.
    expect(listCall).toHaveBeenCalledTimes(2);
    store.dismissNotice();
    expect(store.getSnapshot().notice).toBeNull();
  });

  it('ignores a loss reported for a workspace the person has already moved away from', async () => {
    const { store, answer } = setUp({ remembered: ada.id });
    store.setUser(own.id);
    await answer();
    store.select(own.id);
    store.accessLost(ada.id);
    expect(store.getSnapshot().notice).toBeNull();
  });

  it('notices a current workspace gone from a later list', async () => {
    const { store, answer } = setUp({ remembered: ada.id });
    store.setUser(own.id);
    await answer();
    void store.refresh();
    await answer([own]);
    expect(store.getSnapshot().currentId).toBe(own.id);
    expect(store.getSnapshot().notice).toEqual({ kind: 'access-lost', label: "Ada Lovelace's workspace" });
  });

  it('leaves a workspace: back in the own one, told so, and not as a loss of access', async () => {
    const { store, answer, leave } = setUp({ remembered: ada.id });
    store.setUser(own.id);
    await answer();
    let finishLeave: () => void = () => undefined;
    leave.mockImplementationOnce(() => new Promise<unknown>((resolve) => (finishLeave = () => resolve({}))));
    const leaving = store.leave(ada.id);
    // The server ends the live list before it answers the leave.
    store.accessLost(ada.id);
    expect(store.getSnapshot().notice).toBeNull();
    finishLeave();
    await leaving;
    const snapshot = store.getSnapshot();
    expect(leave).toHaveBeenCalledWith(ada.id);
    expect(snapshot.currentId).toBe(own.id);
    expect(snapshot.workspaces?.map((workspace) => workspace.id)).toEqual([own.id, grace.id]);
    expect(snapshot.notice).toEqual({ kind: 'left', label: "Ada Lovelace's workspace" });
  });

  it('counts a workspace already gone as left, and passes other refusals on', async () => {
    const { store, answer, leave } = setUp({ remembered: ada.id });
    store.setUser(own.id);
    await answer();
    leave.mockRejectedValueOnce(new ApiError('network_error', 'Could not reach the server.'));
    await expect(store.leave(ada.id)).rejects.toMatchObject({ code: 'network_error' });
    expect(store.getSnapshot().currentId).toBe(ada.id);
    leave.mockRejectedValueOnce(new ApiError('workspaces/not-found', 'There is no such workspace.'));
    await store.leave(ada.id);
    expect(store.getSnapshot().currentId).toBe(own.id);
  });

  it('makes a workspace just joined the current one, and keeps it when an older list arrives late', async () => {
    const { store, answers, storage } = setUp();
    store.setUser(own.id);
    const stale = answers[0];
    const joined: Workspace = { ...ada, id: 'auth0|new-team' };
    store.joined(joined);
    expect(store.getSnapshot().currentId).toBe(joined.id);
    expect(storage.values.get(workspaceStorageKey)).toBe(joined.id);
    stale?.resolve([own]);
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getSnapshot().currentId).toBe(joined.id);
    answers.at(-1)?.resolve([own, joined]);
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getSnapshot().currentId).toBe(joined.id);
    expect(store.getSnapshot().workspaces).toEqual([own, joined]);
  });

  it('starts over for another person, and forgets everything on signing out', async () => {
    const { store, answer } = setUp({ remembered: ada.id });
    store.setUser(own.id);
    await answer();
    store.setUser('auth0|other');
    expect(store.getSnapshot()).toMatchObject({ uid: 'auth0|other', currentId: null, workspaces: null });
    store.setUser(null);
    expect(store.getSnapshot()).toMatchObject({ uid: null, currentId: null, workspaces: null, notice: null });
  });

  it('keeps working without storage (privacy settings)', async () => {
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createWorkspaceStore({
      storage: throwing,
      list: async () => [own, ada],
      leave: async () => ({}),
    });
    store.setUser(own.id);
    await Promise.resolve();
    await Promise.resolve();
    store.select(ada.id);
    expect(store.getSnapshot().currentId).toBe(ada.id);
  });
});
