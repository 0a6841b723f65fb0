/**
 * The channel on which a workspace's access changes are announced: the access trigger (migration 0005)
 * when a membership changes or goes or the owner's seats change, and an API key's revocation
 * (access/revoke-api-keys.ts). The payload is the workspace's id (its owner's uid); every instance
 * then checks the workspace's open live lists again (items/live-items.ts).
 */
export const workspaceAccessChannel = 'workspace_access';
