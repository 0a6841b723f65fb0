-- Activity exports too long to stream (decision 0050, docs/activity-export.md): a job writes the file into
-- the row; the data-retention job deletes the row once past `expires_at`.
CREATE TABLE "activity_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" text NOT NULL,
	"requested_by" text NOT NULL,
	"from_day" text NOT NULL,
	"to_day" text NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file" text,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_exports_format" CHECK ("activity_exports"."format" in ('csv', 'jsonl'))
);
--> statement-breakpoint
ALTER TABLE "activity_exports" ADD CONSTRAINT "activity_exports_workspace_users_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_exports_workspace_idx" ON "activity_exports" USING btree ("workspace");