CREATE TABLE "trials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"email" text NOT NULL,
	"profile_id" text,
	"customer_id" text NOT NULL,
	"license_id" uuid,
	"ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trials_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "trial_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "trial_days" integer;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "trial_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "trial_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_subscriptions" ADD COLUMN "card_declines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "trials_email_idx" ON "trials" USING btree ("email");--> statement-breakpoint
CREATE INDEX "trials_customer_id_idx" ON "trials" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "trials_profile_id_idx" ON "trials" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "trials_license_id_idx" ON "trials" USING btree ("license_id");