import { open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type {
  IdentityState,
  LoginFailureRecord,
  RefreshTokenRecord,
  SessionRecord,
  TicketRecord,
  UserRecord,
} from './identity-state.ts';

const formatVersion = 1;

type StateFileContent = {
  version: number;
  users: [string, unknown][];
  sessions: [string, unknown][];
  refreshTokens: [string, unknown][];
  tickets: [string, unknown][];
  loginFailures: [string, unknown][];
};

const collections = ['users', 'sessions', 'refreshTokens', 'tickets', 'loginFailures'] as const;

/**
 * The emulator's state in one JSON file. Every change is written whole, to a temporary file renamed
 * over the old one, so a crash leaves either the old or the new state, never half of one. Writes are
 * serialized: a write asked for while one runs happens after it, with the state as it is then.
 */
export class StateFile {
  readonly state: IdentityState;
  private readonly file: string;
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  private constructor(dir: string, state: IdentityState) {
    this.file = path.join(dir, 'state.json');
    this.state = state;
  }

  static async open(dir: string): Promise<StateFile> {
    const file = path.join(dir, 'state.json');
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    return new StateFile(dir, text === undefined ? emptyState() : parseState(file, text));
  }

  /** Resolves once the state as it is now (or later) is on disk. */
  save(): Promise<void> {
    if (!this.queued) {
      const next = this.writing.then(() => {
        this.queued = undefined;
        return this.writeNow();
      });
      this.queued = next;
      this.writing = next.catch(() => undefined);
    }
    return this.queued;
  }

  /** Waits for the writes already asked for. */
  async flush(): Promise<void> {
    await this.writing;
  }

  private async writeNow(): Promise<void> {
    const content: StateFileContent = {
      version: formatVersion,
      users: [],
      sessions: [],
      refreshTokens: [],
      tickets: [],
      loginFailures: [],
    };
    for (const name of collections) content[name] = [...this.state[name].entries()];
    const temporary = `${this.file}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify(content));
      // On disk before the rename, or a power cut could leave an empty state file behind.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, this.file);
  }
}

function emptyState(): IdentityState {
  return {
    users: new Map(),
    sessions: new Map(),
    refreshTokens: new Map(),
    tickets: new Map(),
    loginFailures: new Map(),
  };
}

function parseState(file: string, text: string): IdentityState {
  let content: Partial<StateFileContent>;
  try {
    content = JSON.parse(text) as Partial<StateFileContent>;
  } catch (error) {
    throw new Error(
      `The identity emulator state file ${file} is not valid JSON (${(error as Error).message}). ` +
        'Move it away to start with no users.',
    );
  }
  if (content.version !== formatVersion) {
    throw new Error(
      `The identity emulator state file ${file} has format version ${String(content.version)}; this ` +
        `emulator reads version ${formatVersion}. Move it away to start with no users.`,
    );
  }
  const entries = <Value>(name: (typeof collections)[number]): [string, Value][] => {
    const value = content[name] ?? [];
    if (!Array.isArray(value))
      throw new Error(`The identity emulator state file ${file} has no list "${name}".`);
    // The records are this module's own output; only the container shape is checked.
    return value as [string, Value][];
  };
  return {
    users: new Map(entries<UserRecord>('users')),
    sessions: new Map(entries<SessionRecord>('sessions')),
    refreshTokens: new Map(entries<RefreshTokenRecord>('refreshTokens')),
    tickets: new Map(entries<TicketRecord>('tickets')),
    loginFailures: new Map(entries<LoginFailureRecord>('loginFailures')),
  };
}
