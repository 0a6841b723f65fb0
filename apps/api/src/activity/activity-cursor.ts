import { AppError } from '#api/http/app-error.ts';

/**
 * Where a page of the activity log starts: the `(created_at, id)` of the last entry of the page before.
 * The time is the database's own, to the microsecond (`2026-05-01T12:00:00.123456Z`): a JavaScript Date
 * keeps milliseconds only, and a cursor rounded to them would repeat or skip entries of the same
 * millisecond.
 */
export type ActivityCursor = { createdAt: string; id: string };

/** What a cursor says, before base64url: `<time> <id>`. */
const cursorText =
  /^([1-9][0-9]{3}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2})(\.[0-9]{3})([0-9]{3})Z ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const invalidActivityCursor = () =>
  new AppError(
    400,
    'activity/invalid-cursor',
    'This position in the activity log is not valid. Reload the activity log to start again from the newest entry.',
  );

/** The opaque `nextCursor` clients send back as `before`. */
export const encodeActivityCursor = (cursor: ActivityCursor): string =>
  Buffer.from(`${cursor.createdAt} ${cursor.id}`, 'latin1').toString('base64url');

/**
 * Reads a `before` cursor, or refuses it (400 `activity/invalid-cursor`): anything but a cursor this
 * server made, a time that is no real time (February 30th) included, so the database never sees it.
 */
export function decodeActivityCursor(before: string): ActivityCursor {
  // Node's base64url decoder skips characters that are not base64url, so they are refused first.
  if (/^[A-Za-z0-9_-]{1,128}$/.test(before)) {
    const match = cursorText.exec(Buffer.from(before, 'base64url').toString('latin1'));
    if (match) {
      const [, seconds, milliseconds, microseconds, id] = match as unknown as [string, ...string[]];
      const time = `${seconds}${milliseconds}Z`;
      const parsed = new Date(time);
      if (!Number.isNaN(parsed.getTime()) && parsed.toISOString() === time) {
        return { createdAt: `${seconds}${milliseconds}${microseconds}Z`, id: id as string };
      }
    }
  }
  throw invalidActivityCursor();
}
