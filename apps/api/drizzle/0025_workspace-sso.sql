CREATE TABLE "workspace_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace" text NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_domains_workspace_domain_unique" UNIQUE("workspace","domain")
);
--> statement-breakpoint
CREATE TABLE "workspace_sso" (
	"workspace" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"connection_id" text,
	"connection_name" text,
	"connection_type" text,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"tested_at" timestamp with time zone,
	"enabled" boolean DEFAULT false NOT NULL,
	"require_sso" boolean DEFAULT false NOT NULL,
	"auto_join" boolean DEFAULT false NOT NULL,
	"auto_join_role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_sso_organization_id_unique" UNIQUE("organization_id"),
	CONSTRAINT "workspace_sso_connection_type" CHECK ("workspace_sso"."connection_type" in ('saml', 'oidc')),
	CONSTRAINT "workspace_sso_auto_join_role" CHECK ("workspace_sso"."auto_join_role" in ('admin', 'member', 'viewer')),
	CONSTRAINT "workspace_sso_enabled_tested" CHECK (not "workspace_sso"."enabled" or "workspace_sso"."tested_at" is not null),
	CONSTRAINT "workspace_sso_required_enabled" CHECK (not "workspace_sso"."require_sso" or "workspace_sso"."enabled")
);
--> statement-breakpoint
ALTER TABLE "workspace_domains" ADD CONSTRAINT "workspace_domains_workspace_users_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_sso" ADD CONSTRAINT "workspace_sso_workspace_users_id_fk" FOREIGN KEY ("workspace") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_domains_verified_domain_unique" ON "workspace_domains" USING btree ("domain") WHERE "workspace_domains"."verified_at" is not null;