import { randomBytes } from 'node:crypto';
import type { RefreshTokenRecord } from '#identity/storage/identity-state.ts';
import type { StateFile } from '#identity/storage/state-file.ts';
import { secretHash } from '#identity/users/tickets.ts';

// Auth0's defaults for rotating refresh tokens: a family lives 30 days at most, and 15 without use.
export const familyLifetimeMs = 30 * 24 * 60 * 60 * 1000;
export const idleLifetimeMs = 15 * 24 * 60 * 60 * 1000;

export type Device = { userAgent: string; ip: string };

type NewFamily = Omit<
  RefreshTokenRecord,
  'familyId' | 'familyCreatedAt' | 'rotatedAt' | 'lastExchangedAt' | 'device' | 'createdAt'
>;

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * An opaque refresh token (scope offline_access) that begins a family; only its hash is kept. The
 * web client's refresh tokens rotate (Auth0's Refresh Token Rotation): each exchange answers the next
 * token of the family, and a token exchanged twice revokes the family (`exchangeRefreshToken`).
 */
export async function createRefreshToken(
  store: StateFile,
  grant: NewFamily,
  device: Device,
): Promise<string> {
  const token = newSecret();
  const now = Date.now();
  store.state.refreshTokens.set(secretHash(token), {
    ...grant,
    familyId: randomBytes(12).toString('base64url'),
    familyCreatedAt: now,
    createdAt: now,
    device: {
      initialUserAgent: device.userAgent,
      initialIp: device.ip,
      lastUserAgent: device.userAgent,
      lastIp: device.ip,
    },
  });
  await store.save();
  return token;
}

export type Exchange =
  | { ok: true; record: RefreshTokenRecord; next: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * One exchange of a refresh token: the record it stands for and the family's next token. A token
 * already exchanged is a reuse (someone else holds a copy) unless it comes back within the reuse
 * interval and is the family's latest rotated one (two requests racing): a reuse revokes every token
 * of the family, as Auth0's automatic reuse detection does.
 */
export async function exchangeRefreshToken(
  store: StateFile,
  token: string,
  options: { clientId: string; reuseIntervalMs: number; device: Device },
): Promise<Exchange> {
  const record = store.state.refreshTokens.get(secretHash(token));
  // Another client's token is unknown to this one, and stays untouched.
  if (!record?.familyId || record.clientId !== options.clientId) return { ok: false, reason: 'unknown' };
  const now = Date.now();
  const lastUse = record.lastExchangedAt ?? record.familyCreatedAt;
  if (now - record.familyCreatedAt > familyLifetimeMs || now - lastUse > idleLifetimeMs) {
    await revokeFamily(store, record.familyId);
    return { ok: false, reason: 'expired' };
  }
  const { rotatedAt } = record;
  if (rotatedAt !== undefined) {
    const isLatestRotated = !familyRecords(store, record.familyId).some(
      (other) => other !== record && other.rotatedAt !== undefined && other.rotatedAt > rotatedAt,
    );
    if (!isLatestRotated || now - rotatedAt > options.reuseIntervalMs) {
      await revokeFamily(store, record.familyId);
      return { ok: false, reason: 'reused' };
    }
  }
  record.rotatedAt ??= now;
  const device = { ...record.device, lastUserAgent: options.device.userAgent, lastIp: options.device.ip };
  for (const member of familyRecords(store, record.familyId)) {
    member.lastExchangedAt = now;
    member.device = device;
  }
  const next = newSecret();
  store.state.refreshTokens.set(secretHash(next), {
    ...record,
    rotatedAt: undefined,
    lastExchangedAt: now,
    createdAt: now,
    device,
  });
  await store.save();
  return { ok: true, record, next };
}

function familyRecords(store: StateFile, familyId: string): RefreshTokenRecord[] {
  return [...store.state.refreshTokens.values()].filter((record) => record.familyId === familyId);
}

/** Ends a whole family: every token of it, rotated or current. True when there was one. */
export async function revokeFamily(store: StateFile, familyId: string): Promise<boolean> {
  let found = false;
  for (const [key, record] of store.state.refreshTokens) {
    if (record.familyId !== familyId) continue;
    store.state.refreshTokens.delete(key);
    found = true;
  }
  if (found) await store.save();
  return found;
}

/** POST /oauth/revoke: the token's whole family, when it is the client's own. */
export async function revokeRefreshToken(store: StateFile, token: string, clientId: string): Promise<void> {
  const record = store.state.refreshTokens.get(secretHash(token));
  // Another client's token is left alone, silently, as RFC 7009 answers 200 for unknown tokens.
  if (!record?.familyId || record.clientId !== clientId) return;
  await revokeFamily(store, record.familyId);
}

/**
 * The user's families, one record each (the Management API's view), oldest first: the records of a
 * family agree on all it shows (an exchange updates them together).
 */
export function familiesOf(store: StateFile, userId: string): RefreshTokenRecord[] {
  const families = new Map<string, RefreshTokenRecord>();
  for (const record of store.state.refreshTokens.values()) {
    if (record.userId === userId && record.familyId && !families.has(record.familyId))
      families.set(record.familyId, record);
  }
  return [...families.values()].sort((a, b) => a.familyCreatedAt - b.familyCreatedAt);
}

/** Auth0's refresh token object (Management API: users/{id}/refresh-tokens, refresh-tokens/{id}). */
export function toManagementRefreshToken(record: RefreshTokenRecord) {
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const lastUse = record.lastExchangedAt ?? record.familyCreatedAt;
  return {
    id: record.familyId,
    user_id: record.userId,
    created_at: iso(record.familyCreatedAt),
    idle_expires_at: iso(lastUse + idleLifetimeMs),
    expires_at: iso(record.familyCreatedAt + familyLifetimeMs),
    device: {
      initial_ip: record.device.initialIp,
      initial_asn: '',
      initial_user_agent: record.device.initialUserAgent,
      last_ip: record.device.lastIp,
      last_asn: '',
      last_user_agent: record.device.lastUserAgent,
    },
    client_id: record.clientId,
    session_id: null,
    rotating: true,
    resource_servers: record.audience ? [{ audience: record.audience, scopes: record.scope }] : [],
    ...(record.lastExchangedAt ? { last_exchanged_at: iso(record.lastExchangedAt) } : {}),
  };
}
