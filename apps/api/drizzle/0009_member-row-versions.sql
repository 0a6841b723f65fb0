CREATE SEQUENCE "public"."member_row_versions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "sub_users" ADD COLUMN "row_version" bigint DEFAULT nextval('member_row_versions') NOT NULL;--> statement-breakpoint
-- Every change to a member's row gives it a new version, in the transaction of the change, so that an
-- owner's rows are the same set, unchanged, exactly while their count and highest version are the same:
-- a row added or changed since has a higher version than any before, and one removed lowers the count
-- (team/list-members.ts keeps a large member list by them). Unlike migration 0008 this writes only the
-- row itself: no other row is locked, so no lock order with the owner's `users` row arises.
CREATE FUNCTION "version_member_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_version := nextval('member_row_versions');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sub_users_row_version"
BEFORE UPDATE ON "sub_users"
FOR EACH ROW EXECUTE FUNCTION "version_member_row"();
