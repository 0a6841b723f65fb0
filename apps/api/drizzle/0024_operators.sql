-- The back office (decision 0052, docs/operations.md): operators granted by an operator, the operator audit
-- log written before every view and action, "view as" sessions (decision 0053), and a workspace's lock and
-- its owner's refusal of "view as".
CREATE TABLE "impersonations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" text NOT NULL,
	"operator_email" text NOT NULL,
	"person" text NOT NULL,
	"grant_hash" text NOT NULL,
	"reason" text NOT NULL,
	"legal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "impersonations_grant_hash_unique" UNIQUE("grant_hash")
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" text NOT NULL,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"workspace" text,
	"person" text,
	"reason" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"impersonation_id" uuid,
	"outcome" text DEFAULT 'attempted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_audit_outcome" CHECK ("operator_audit"."outcome" in ('attempted', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"email" text PRIMARY KEY NOT NULL,
	"granted_by" text NOT NULL,
	"granted_by_email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locked_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "forbids_impersonation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_person_users_id_fk" FOREIGN KEY ("person") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonations_person_idx" ON "impersonations" USING btree ("person");--> statement-breakpoint
CREATE INDEX "operator_audit_created_at_idx" ON "operator_audit" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "operator_audit_workspace_idx" ON "operator_audit" USING btree ("workspace");