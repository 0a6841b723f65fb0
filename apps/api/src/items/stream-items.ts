import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  type ItemStreamClosed,
  type ItemStreamFollows,
  itemStreamCloseReasons,
  itemStreamEvents,
} from '@launchkit/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WorkspaceAccess, WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { callerOf } from '#api/caller/authenticate.ts';
import type { SessionEndings } from '#api/sessions/session-endings.ts';
import type { LiveItems } from './live-items.ts';
import type { StreamLimits } from './stream-limits.ts';

// Proxies and load balancers close a connection that stays silent for a minute or so.
const keepAliveMs = 25_000;
// A reader that stops reading must not make the server buffer list after list for it: past this it is
// dropped, and when it comes back it reconnects and gets the current list.
const maxBufferedBytes = 1024 * 1024;
// Auth0's leeway (docs/product.md §9): the stream ends when the access token would no longer be
// accepted, so a session does not outlive its token; the client reconnects with its current one.
const clockToleranceMs = 60_000;
const closedEvent = (closed: ItemStreamClosed) =>
  `event: ${itemStreamEvents.closed}\ndata: ${JSON.stringify(closed)}\n\n`;
// Sent to a stream that a newer one of its user or address replaced (stream-limits.ts) before it ends.
const replacedEvent = closedEvent({ reason: itemStreamCloseReasons.replaced });
// Sent to a member's stream once they lost access to the workspace (removed, left, no seat, or a second
// factor now required that their sign-in did not pass).
const revokedEvent = closedEvent({ reason: itemStreamCloseReasons.accessRevoked });
// Sent to a stream whose session was signed out (Settings → Security) before it ends.
const signedOutEvent = closedEvent({ reason: itemStreamCloseReasons.signedOut });

/** Answers the request as an event stream, by hand; undefined when the reader already left. */
function openEventStream(reply: FastifyReply) {
  // The response is written by hand from here on: Fastify's onSend hooks (and with them
  // @fastify/compress, which would hold events back to fill its compression window) do not run.
  reply.hijack();
  const response = reply.raw;
  // The reader may have left while the server got ready: then there is nothing to answer.
  if (!response.socket || response.socket.destroyed) return undefined;
  response.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders), // the security headers, set in onRequest
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no', // nginx: pass each event on at once
  });
  response.flushHeaders();
  return response;
}

/**
 * Writes to an open stream until it stops. Once the stream is ending nothing more is written: a write
 * after end() or destroy() would be an 'error' on the response. An ending stream no longer counts
 * against the limits (`release`).
 */
function streamWriter(request: FastifyRequest, response: ServerResponse) {
  let isOpen = true;
  const writer = {
    release: () => {},
    stop(how: 'end' | 'destroy') {
      if (!isOpen) return;
      isOpen = false;
      writer.release();
      if (how === 'end') response.end();
      else response.destroy();
    },
    write(chunk: string | Buffer) {
      if (!isOpen) return;
      response.write(chunk);
      if (response.writableLength > maxBufferedBytes) {
        request.log.info('live items: the reader fell behind; dropping its stream');
        writer.stop('destroy');
      }
    },
    /** The response closed: nothing more is written, and the limits forget it. */
    closed() {
      isOpen = false;
      writer.release();
    },
    /** Writes a last event, then ends the stream. */
    endWith(event: string) {
      writer.write(event);
      writer.stop('end');
    },
  };
  return writer;
}

/**
 * `GET /api/items/stream[?workspace=]`: Server-Sent Events read with fetch (the token travels in the
 * Authorization header, never in a URL). The `items` event carries the workspace's whole list, newest
 * first, at once and after every change to it; the `closed` event comes last on a stream that a newer
 * one of the same user or address replaced (stream-limits.ts), or whose member lost access to the
 * workspace (live-items.ts), with the reason (the event names and reasons: @launchkit/api-contract's
 * item-stream.ts).
 */
export function createStreamItemsHandler(deps: {
  live: LiveItems;
  limits: StreamLimits;
  sessionEndings: Pick<SessionEndings, 'watch'>;
  /** Whether the caller may follow `follows` in the workspace (the list, or the activity log). */
  authorize: (
    caller: WorkspaceCaller,
    workspace: string | undefined,
    follows: ItemStreamFollows,
  ) => Promise<WorkspaceAccess>;
}) {
  const { live, limits } = deps;
  /**
   * `workspace`: the validated `?workspace=` (the owner's uid); absent, the caller's own. `follows`:
   * the validated `?follow=`, the item list or the activity log.
   */
  return async function streamItems(
    request: FastifyRequest,
    reply: FastifyReply,
    workspace: string | undefined,
    follows: ItemStreamFollows = 'items',
  ) {
    const caller = callerOf(request);
    // Listening first, then authorizing: an access change committed after the authorization read is
    // then either announced to this stream or counted in the epoch (live-items.ts).
    await live.ready();
    const authorizedAt = live.accessEpoch;
    const access = await deps.authorize(caller, workspace, follows);
    const response = openEventStream(reply);
    if (!response) return;
    const stream = streamWriter(request, response);
    // Past STREAMS_PER_USER_MAX or STREAMS_PER_ADDRESS_MAX, the oldest stream of this user or address
    // is told why and ended, before this one gets its first list. The caps count the caller's streams,
    // whichever workspace they watch.
    stream.release = limits.admit(caller.uid, request.ip, () => stream.endWith(replacedEvent));
    const unsubscribe = live.subscribe(access.workspace, {
      follows,
      send: stream.write,
      end: () => stream.stop('end'),
      ...(access.role !== 'owner' && {
        member: {
          uid: caller.uid,
          secondFactor: caller.secondFactor,
          organization: caller.organization,
          apiKey: caller.apiKey,
        },
        authorizedAt,
        revoke: () => stream.endWith(revokedEvent),
      }),
    });
    const unwatch = deps.sessionEndings.watch(caller.uid, caller.authTime, () =>
      stream.endWith(signedOutEvent),
    );
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), keepAliveMs);
    const expiresInMs = caller.expiresAt * 1000 + clockToleranceMs - Date.now();
    const expiry = setTimeout(() => stream.stop('end'), Math.min(Math.max(expiresInMs, 0), 2 ** 31 - 1));

    response.on('error', (error) => request.log.debug({ err: error }, 'live items: stream write failed'));
    response.on('close', () => {
      stream.closed();
      unsubscribe();
      unwatch();
      clearInterval(keepAlive);
      clearTimeout(expiry);
    });
  };
}
