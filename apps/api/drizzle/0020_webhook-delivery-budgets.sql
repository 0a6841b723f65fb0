CREATE TABLE "webhook_delivery_budgets" (
	"workspace" text PRIMARY KEY NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"reserved" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_outbox" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "webhook_delivery_budgets" ADD CONSTRAINT "webhook_delivery_budgets_workspace_users_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;