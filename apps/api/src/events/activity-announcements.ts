/**
 * The channel on which a new activity entry is announced: the activity trigger (migration 0022), with
 * the workspace's id (its owner's uid) as the payload, heard after the entry's transaction commits.
 * Every instance then tells that workspace's open Activity streams (items/live-items.ts).
 */
export const activityChangesChannel = 'activity_changes';
