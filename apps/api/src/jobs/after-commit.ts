import type { FastifyBaseLogger } from 'fastify';
import type { ChannelHandlers, ListenOptions, Unlisten } from '#api/db/postgres-listener.ts';
import { thisInstance } from '#api/db/this-instance.ts';
import { type TraceCarrier, withTraceCarrier } from '#api/tracing/trace-context.ts';

/**
 * The one way work follows a commit (decision 0038): the change writes the work's row in its own
 * transaction and announces it, `NOTIFY <channel> '<instance> <id>,<id>,…'`, which PostgreSQL delivers
 * only once the transaction commits. The instance that wrote the rows hears its own announcement and
 * adds their jobs, off the request's path; a sweep adds the jobs of rows left over a minute (their
 * instance stopped first, or its listening connection dropped). The rows are the job queue's outbox
 * (jobs/job-outbox.ts: mail, exports, provider work) and the webhook deliveries
 * (webhooks/queue-deliveries.ts).
 */
export type Announcement = { instance: string; ids: string[]; trace?: TraceCarrier };

/**
 * `<instance> <id>,<id>,…`, and ` <traceparent>` when the change was traced (docs/tracing.md): well
 * within NOTIFY's 8,000 bytes for the ids of one transaction.
 */
export function parseAnnouncement(payload: string): Announcement {
  const [instance = '', ids = '', traceparent] = payload.split(' ');
  return {
    instance,
    ids: ids.split(',').filter(Boolean),
    ...(traceparent && { trace: { traceparent } }),
  };
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
  // The ids heard in this turn, by the trace of the change that wrote them ('' for an untraced one):
  // their jobs are added in that trace, and so continue it.
  let pending = new Map<string, string[]>();
  let isScheduled = false;
  let unlisten: Unlisten | undefined;

  function flush() {
    isScheduled = false;
    const batches = pending;
    pending = new Map();
    for (const [traceparent, ids] of batches) {
      withTraceCarrier(traceparent ? { traceparent } : undefined, () => deps.add(ids)).catch(
        (error: unknown) =>
          deps.log.warn({ err: error }, `${deps.what}: jobs not added; the sweep adds them`),
      );
    }
  }

  function onAnnouncement(payload: string) {
    const { instance, ids, trace } = parseAnnouncement(payload);
    if (instance !== thisInstance) return;
    const key = trace?.traceparent ?? '';
    pending.set(key, [...(pending.get(key) ?? []), ...ids]);
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
