// The live item list, GET /api/items/stream (Server-Sent Events): its event names and the reasons the
// server closes a stream, written once for the API that sends them and the web app that reads them.
// No imports: the browser bundle takes this file as it is (`@launchkit/api-contract/item-stream`).

/**
 * `items` carries the workspace's whole list; `activity` (on a stream that follows the activity log)
 * says the log may have entries the reader has not fetched; `closed` comes last, with a reason (its data).
 */
export const itemStreamEvents = { items: 'items', activity: 'activity', closed: 'closed' } as const;

/** What a stream follows (`?follow=`): the item list (the default), or the activity log. */
export const itemStreamFollows = ['items', 'activity'] as const;
export type ItemStreamFollows = (typeof itemStreamFollows)[number];

/** Why the server closed a stream: the data of `closed` is `{"reason":"…"}`. */
export const itemStreamCloseReasons = {
  /** Newer streams of the same user or address took its place (STREAMS_PER_USER_MAX, STREAMS_PER_ADDRESS_MAX). */
  replaced: 'too-many-streams',
  /** The member lost access to the workspace (removed, left, or no seat). */
  accessRevoked: 'access-revoked',
  /** The stream's session was signed out (Settings → Security, in this browser or another). */
  signedOut: 'signed-out',
} as const;

export type ItemStreamCloseReason = (typeof itemStreamCloseReasons)[keyof typeof itemStreamCloseReasons];

/** The data of a `closed` event. */
export type ItemStreamClosed = { reason: ItemStreamCloseReason };
