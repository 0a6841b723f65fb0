import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from './mail-message.ts';

export type StoredMail = MailMessage & { id: string; from: string; createdAt: string };

// The development outbox is a directory of JSON files rather than a table, so that every process
// that sends mail (the app, the identity emulator) can write to it without sharing a database.
export async function writeToOutbox(
  directory: string,
  from: string,
  message: MailMessage,
): Promise<StoredMail> {
  await mkdir(directory, { recursive: true });
  const createdAt = new Date();
  const stored: StoredMail = { id: randomUUID(), from, createdAt: createdAt.toISOString(), ...message };
  const name = `${createdAt.getTime().toString().padStart(15, '0')}-${stored.id}.json`;
  const temporary = path.join(directory, `.${name}.tmp`);
  // Write then rename, so a reader never sees half a message.
  await writeFile(temporary, JSON.stringify(stored, null, 2));
  await rename(temporary, path.join(directory, name));
  return stored;
}

/** Newest first; optionally only the messages sent to one address. */
export async function readOutbox(directory: string, filter: { to?: string } = {}): Promise<StoredMail[]> {
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const files = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse();
  const messages = await Promise.all(
    files.map(async (name) => JSON.parse(await readFile(path.join(directory, name), 'utf8')) as StoredMail),
  );
  const to = filter.to?.toLowerCase();
  return to ? messages.filter((message) => message.to.toLowerCase() === to) : messages;
}
