CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"previous" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sub_users" ADD COLUMN "member_id" text;--> statement-breakpoint
ALTER TABLE "sub_users" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sub_users" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "sub_users" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sub_users" ADD COLUMN "invitation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_workspace_users_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_workspace_created_at_idx" ON "activity" USING btree ("workspace","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sub_users_member_idx" ON "sub_users" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_invitation_token_hash_unique" UNIQUE("invitation_token_hash");--> statement-breakpoint
ALTER TABLE "sub_users" ADD CONSTRAINT "sub_users_owner_member_unique" UNIQUE("owner","member_id");--> statement-breakpoint
-- Announces on 'workspace_access' (payload: the owner's uid, which is the workspace's id) every change
-- that can take access away from a member: a membership removed or changed, or the owner's seats
-- changed by the billing webhook. Each app instance LISTENs and checks its open streams of that
-- workspace again, so a removed member's live list ends on every instance.
CREATE FUNCTION "notify_workspace_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF NEW.quantity IS DISTINCT FROM OLD.quantity
      OR NEW.stripe_subscription_status IS DISTINCT FROM OLD.stripe_subscription_status THEN
      PERFORM pg_notify('workspace_access', NEW.id);
    END IF;
    RETURN NEW;
  END IF;
  PERFORM pg_notify('workspace_access', OLD.owner);
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sub_users_notify_workspace_access"
AFTER UPDATE OR DELETE ON "sub_users"
FOR EACH ROW EXECUTE FUNCTION "notify_workspace_access"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_workspace_access"
AFTER UPDATE ON "users"
FOR EACH ROW EXECUTE FUNCTION "notify_workspace_access"();
