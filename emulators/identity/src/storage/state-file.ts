import { StateFile as JsonStateFile } from '@launchkit/state-file';
import type { IdentityState } from './identity-state.ts';

function emptyState(): IdentityState {
  return {
    users: new Map(),
    sessions: new Map(),
    refreshTokens: new Map(),
    tickets: new Map(),
    loginFailures: new Map(),
    mfaTokens: new Map(),
    organizations: new Map(),
    invitations: new Map(),
    connections: new Map(),
    authorizationCodes: new Map(),
    tenant: new Map(),
    samlAssertions: new Map(),
  };
}

/** The emulator's state file (`<IDENTITY_DATA_DIR>/state.json`). */
export type StateFile = JsonStateFile<IdentityState>;
export const StateFile = {
  open: (dir: string): Promise<StateFile> =>
    JsonStateFile.open(dir, { owner: 'identity emulator', contents: 'users', emptyState }),
};
