-- API 2.0.0 names the webhook events as the activity log names the same changes (decision 0043,
-- packages/api-contract/src/webhook-events.ts): a rename is `item.renamed` (was `item.updated`), and
-- clearing the star is `item.unfeatured` (was an `item.featured` whose item had `featured: false`).
-- Every endpoint keeps hearing what it heard: `item.updated` becomes `item.renamed`, and an endpoint
-- with `item.featured` gets `item.unfeatured` too. Deliveries keep the type they were sent with, as
-- their payload does (the log shows what went out).
UPDATE "webhook_endpoints"
SET "events" = array_replace("events", 'item.updated', 'item.renamed')
WHERE 'item.updated' = ANY("events");
--> statement-breakpoint
UPDATE "webhook_endpoints"
SET "events" = array_append("events", 'item.unfeatured')
WHERE 'item.featured' = ANY("events") AND NOT ('item.unfeatured' = ANY("events"));
