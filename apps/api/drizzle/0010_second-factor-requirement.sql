ALTER TABLE "users" ADD COLUMN "requires_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The requirement takes access away from members without a second factor: announce it on
-- 'workspace_access' as a change of seats is (migration 0005), so open live lists are checked again.
CREATE OR REPLACE FUNCTION "notify_workspace_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF NEW.quantity IS DISTINCT FROM OLD.quantity
      OR NEW.stripe_subscription_status IS DISTINCT FROM OLD.stripe_subscription_status
      OR NEW.requires_second_factor IS DISTINCT FROM OLD.requires_second_factor THEN
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
