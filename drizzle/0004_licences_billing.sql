CREATE TABLE "custom_plan_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organisation" text NOT NULL,
	"seats" integer NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	CONSTRAINT "licence_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "test_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"billing_interval" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"subscription_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"billing_interval" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subscription_notice_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_plan_enquiries" ADD CONSTRAINT "custom_plan_enquiries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_invites" ADD CONSTRAINT "licence_invites_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_invites" ADD CONSTRAINT "licence_invites_invited_by_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_invites" ADD CONSTRAINT "licence_invites_accepted_by_profiles_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_invites_license_id_idx" ON "licence_invites" USING btree ("license_id");--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_provider_subscription_id_unique" UNIQUE("provider_subscription_id");