import { open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { collectionNames, type PaymentsState } from './payments-state.ts';

const formatVersion = 1;

type StateFileContent = { version: number } & Record<(typeof collectionNames)[number], [string, unknown][]>;

/**
 * The emulator's state in one JSON file. Every change is written whole, to a temporary file renamed
 * over the old one, so a crash leaves either the old or the new state, never half of one. Writes are
 * serialized: a write asked for while one runs happens after it, with the state as it is then.
 */
export class StateFile {
  readonly state: PaymentsState;
  private readonly file: string;
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  private constructor(dir: string, state: PaymentsState) {
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
    const content = { version: formatVersion } as StateFileContent;
    for (const name of collectionNames) content[name] = [...this.state[name].entries()];
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

export function emptyState(): PaymentsState {
  return {
    customers: new Map(),
    paymentMethods: new Map(),
    products: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    checkoutSessions: new Map(),
    portalSessions: new Map(),
    events: new Map(),
    webhookEndpoints: new Map(),
    deliveries: new Map(),
    idempotency: new Map(),
  };
}

function parseState(file: string, text: string): PaymentsState {
  let content: Partial<StateFileContent>;
  try {
    content = JSON.parse(text) as Partial<StateFileContent>;
  } catch (error) {
    throw new Error(
      `The payments emulator state file ${file} is not valid JSON (${(error as Error).message}). ` +
        'Move it away to start with no customers.',
    );
  }
  if (content === null || typeof content !== 'object' || content.version !== formatVersion) {
    throw new Error(
      `The payments emulator state file ${file} has format version ${String(content?.version)}; this ` +
        `emulator reads version ${formatVersion}. Move it away to start with no customers.`,
    );
  }
  const state = emptyState();
  for (const name of collectionNames) {
    const entries = content[name] ?? [];
    if (!Array.isArray(entries))
      throw new Error(`The payments emulator state file ${file} has no list "${name}".`);
    // The records are this module's own output; only the container shape is checked.
    (state as Record<string, Map<string, unknown>>)[name] = new Map(entries);
  }
  return state;
}
