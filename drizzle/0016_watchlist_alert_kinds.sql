ALTER TABLE "watchlist_alert_preferences" ADD COLUMN "delivery" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist_alerts_sent" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "watchlist_alerts_sent" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "watchlist_alerts_sent" ADD COLUMN "line" jsonb;--> statement-breakpoint
ALTER TABLE "watchlist_alerts_sent" ADD COLUMN "weekly_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "watchlist_alerts_sent_weekly_idx" ON "watchlist_alerts_sent" USING btree ("user_id") WHERE "watchlist_alerts_sent"."weekly_pending";--> statement-breakpoint
ALTER TABLE "watchlist_alert_preferences" ADD CONSTRAINT "watchlist_alert_preferences_delivery" CHECK ("watchlist_alert_preferences"."delivery" in ('immediate', 'weekly'));