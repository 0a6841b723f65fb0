import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '#web/auth/auth-context.tsx';
import { signedOutWorkspaces, type WorkspaceSnapshot, workspaces } from '#web/lib/team/workspaces.ts';

/**
 * The workspace store (lib/team/workspaces.ts) as a component sees it, following the signed-in person:
 * every component that reads it also tells it who that is, so whichever renders first starts the
 * list's load. Until the store has caught up with the session it reads as signed out.
 */
export function useWorkspaces(): WorkspaceSnapshot {
  const { user } = useAuth();
  const uid = user ? user.uid : user === false ? null : undefined;
  useEffect(() => {
    if (uid !== undefined) workspaces.setUser(uid);
  }, [uid]);
  const snapshot = useSyncExternalStore(workspaces.subscribe, workspaces.getSnapshot, serverSnapshot);
  return uid && snapshot.uid === uid ? snapshot : signedOutWorkspaces;
}

const serverSnapshot = () => signedOutWorkspaces;
