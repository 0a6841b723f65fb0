ALTER TABLE "users" ADD COLUMN "items_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Gives an owner's list a new version with every change of their items, in the transaction of the
-- change: an instance that read the list at one version knows it is still current while the version is
-- the same (items/list-items.ts). Versions come from a sequence, so one is never given twice, even to a
-- record made again under the same id. Beside the notification of migration 0003 (the live lists).
CREATE SEQUENCE "item_list_versions";
--> statement-breakpoint
CREATE FUNCTION "version_item_list"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "users" SET "items_version" = nextval('item_list_versions') WHERE "id" = OLD.owner;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.owner IS DISTINCT FROM OLD.owner) THEN
    UPDATE "users" SET "items_version" = nextval('item_list_versions') WHERE "id" = NEW.owner;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "items_version_list"
AFTER INSERT OR UPDATE OR DELETE ON "items"
FOR EACH ROW EXECUTE FUNCTION "version_item_list"();
