CREATE TABLE "watchlist_alert_imports" (
	"import_id" bigint PRIMARY KEY NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_alert_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"threshold_percent" numeric(6, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_alert_preferences_threshold" CHECK ("watchlist_alert_preferences"."threshold_percent" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "watchlist_alerts_sent" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"change_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"watchlist_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"added_by" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_kind_known" CHECK ("watchlist_items"."kind" in ('drug', 'appliance', 'brand'))
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlists_name_length" CHECK (char_length("watchlists"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "watchlist_alert_imports" ADD CONSTRAINT "watchlist_alert_imports_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_alert_preferences" ADD CONSTRAINT "watchlist_alert_preferences_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_alerts_sent" ADD CONSTRAINT "watchlist_alerts_sent_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_alerts_sent_change_idx" ON "watchlist_alerts_sent" USING btree ("user_id","change_key");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_items_pack_idx" ON "watchlist_items" USING btree ("watchlist_id","kind","code");--> statement-breakpoint
CREATE INDEX "watchlist_items_code_idx" ON "watchlist_items" USING btree ("kind","code");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_owner_name_idx" ON "watchlists" USING btree ("owner_id",lower("name"));