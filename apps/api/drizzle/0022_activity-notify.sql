-- Announces every new entry of a workspace's activity log on the channel 'activity_changes' with the
-- workspace (its owner's uid) as the payload, as migration 0003 announces item changes: each app
-- instance hears it on the live lists' listening connection and tells that workspace's open Activity
-- streams to fetch the newest entries (items/live-items.ts). PostgreSQL sends it at commit, so only an
-- entry whose change committed is announced, and folds identical ones within a transaction.
CREATE FUNCTION "notify_activity_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('activity_changes', NEW.workspace);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_notify_entry"
AFTER INSERT ON "activity"
FOR EACH ROW EXECUTE FUNCTION "notify_activity_entry"();
