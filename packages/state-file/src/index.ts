import { open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';

// The emulators keep their state (users, customers, subscriptions, …) as named collections of records
// keyed by id, in memory, and write it whole to one JSON file.

export type Collections = { [name: string]: Map<string, unknown> };

export type StateFileOptions<State extends Collections> = {
  /** Who owns the file, for messages: 'payments emulator'. */
  owner: string;
  /** What moving a broken file away loses, for messages: 'customers'. */
  contents: string;
  /** A state with every collection, empty: also names the collections the file holds. */
  emptyState: () => State;
};

const formatVersion = 1;

/**
 * The state in one JSON file. Every change is written whole, to a temporary file renamed over the
 * old one, so a crash leaves either the old or the new state, never half of one. Writes are
 * serialized: a write asked for while one runs happens after it, with the state as it is then.
 */
export class StateFile<State extends Collections> {
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private readonly file: string;
  readonly state: State;

  private constructor(file: string, state: State) {
    this.file = file;
    this.state = state;
  }

  static async open<State extends Collections>(
    dir: string,
    options: StateFileOptions<State>,
  ): Promise<StateFile<State>> {
    const file = path.join(dir, 'state.json');
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    return new StateFile(file, text === undefined ? options.emptyState() : parseState(file, text, options));
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
    const content: Record<string, unknown> = { version: formatVersion };
    for (const [name, records] of Object.entries(this.state)) content[name] = [...records.entries()];
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

function parseState<State extends Collections>(
  file: string,
  text: string,
  options: StateFileOptions<State>,
): State {
  const moveAway = `Move it away to start with no ${options.contents}.`;
  let content: Record<string, unknown> | null;
  try {
    content = JSON.parse(text) as Record<string, unknown> | null;
  } catch (error) {
    throw new Error(
      `The ${options.owner} state file ${file} is not valid JSON (${(error as Error).message}). ${moveAway}`,
    );
  }
  if (content === null || typeof content !== 'object' || content.version !== formatVersion) {
    throw new Error(
      `The ${options.owner} state file ${file} has format version ${String(content?.version)}; this ` +
        `${options.owner} reads version ${formatVersion}. ${moveAway}`,
    );
  }
  const state = options.emptyState();
  for (const name of Object.keys(state)) {
    const entries = content[name] ?? [];
    if (!Array.isArray(entries))
      throw new Error(`The ${options.owner} state file ${file} has no list "${name}".`);
    // The records are this module's own output; only the container shape is checked.
    (state as Collections)[name] = new Map(entries as [string, unknown][]);
  }
  return state;
}
