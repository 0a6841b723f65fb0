import { randomBytes } from 'node:crypto';

/**
 * Names this process in the announcements it makes on the shared listening connection (the job
 * outbox's, jobs/job-outbox.ts; the webhook deliveries', events/emit-event.ts): every instance hears
 * every announcement, and only the instance that wrote the rows acts on them at once.
 */
export const thisInstance = randomBytes(9).toString('base64url');
