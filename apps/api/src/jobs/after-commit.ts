import type { FastifyBaseLogger } from 'fastify';
import type { ChannelHandlers, ListenOptions, Unlisten } from '#api/db/postgres-listener.ts';
import { thisInstance } from '#api/db/this-instance.ts';

/**
 * The one way work follows a commit (decision 0038): the change writes the work's row in its own
 * transaction and announces it, `NOTIFY <channel> '<instance> <id>,<id>,…'`, which PostgreSQL delivers
 * only once the transaction commits. The instance that wrote the rows hears its own announcement and
 * adds their jobs, off the request's path; a sweep adds the jobs of rows left over a minute (their
 * instance stopped first, or its listening connection dropped). The rows are the job queue's outbox
 * (jobs/job-outbox.ts: mail, exports, provider work) and the webhook deliveries
 * (webhooks/queue-deliveries.ts).
 */
export type Announcement = { instance: string; ids: string[] };

/** `<instance> <id>,<id>,…`: well within NOTIFY's 8,000 bytes for the ids of one transaction. */
export function parseAnnouncement(payload: string): Announcement {
  const [instance = '', ids = ''] = payload.split(' ');
  return { instance, ids: ids.split(',').filter(Boolean) };
}

/** A row left this long without its job lost its announcement (or its instance): the sweep adds it. */
export const sweepAfterSeconds = 60;

/**
 * Hears the announcements on `channel` and hands this instance's own ids to `add`, after the commit;
 * ids heard in the same turn of the event loop go in one call. What is lost (this process stops first,
 * the connection drops, `add` fails) the sweep adds; when the connection comes back, at once.
 */
export function listenAfterCommit(deps: {
  channel: string;
  listen: (handlers: ChannelHandlers, options?: ListenOptions) => Promise<Unlisten>;
  log: FastifyBaseLogger;
  /** What the rows are, for the log. */
  what: string;
  add: (ids: string[]) => Promise<unknown>;
  sweep: () => Promise<unknown>;
}) {
  let pending: string[] = [];
  let isScheduled = false;
  let unlisten: Unlisten | undefined;

  function flush() {
    isScheduled = false;
    const ids = pending;
    pending = [];
    deps
      .add(ids)
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, `${deps.what}: jobs not added; the sweep adds them`),
      );
  }

  function onAnnouncement(payload: string) {
    const { instance, ids } = parseAnnouncement(payload);
    if (instance !== thisInstance) return;
    pending.push(...ids);
    if (isScheduled) return;
    isScheduled = true;
    setImmediate(flush);
  }

  return {
    async start() {
      unlisten = await deps.listen(
        { [deps.channel]: onAnnouncement },
        {
          onResume: () => {
            deps
              .sweep()
              .catch((error: unknown) =>
                deps.log.warn({ err: error }, `${deps.what}: sweep after reconnecting failed`),
              );
          },
        },
      );
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
