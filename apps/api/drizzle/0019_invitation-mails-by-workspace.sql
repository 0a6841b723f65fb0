ALTER TABLE "invitation_mails" ADD COLUMN "workspace" text;--> statement-breakpoint
ALTER TABLE "invitation_mails" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
CREATE INDEX "invitation_mails_sent_at_idx" ON "invitation_mails" USING btree ("sent_at");