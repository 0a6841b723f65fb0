-- Announces every change of an owner's items on the channel 'item_changes' with the owner's uid as the
-- payload. Each app instance LISTENs once and re-reads that owner's list for its open live streams.
-- PostgreSQL delivers notifications at commit and folds identical ones within a transaction, so a
-- multi-row change costs one notification per owner.
CREATE FUNCTION "notify_item_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('item_changes', OLD.owner);
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.owner IS DISTINCT FROM OLD.owner THEN
    PERFORM pg_notify('item_changes', OLD.owner);
  END IF;
  PERFORM pg_notify('item_changes', NEW.owner);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "items_notify_change"
AFTER INSERT OR UPDATE OR DELETE ON "items"
FOR EACH ROW EXECUTE FUNCTION "notify_item_change"();
