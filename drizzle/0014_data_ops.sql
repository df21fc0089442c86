CREATE TABLE "change_feed_tokens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_feed_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "change_visits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"previous_visited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fetch_alerts" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fetch_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"actor" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"message" text,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "fetch_runs_trigger_known" CHECK ("fetch_runs"."trigger" in ('scheduled', 'manual')),
	CONSTRAINT "fetch_runs_outcome_known" CHECK ("fetch_runs"."outcome" is null or "fetch_runs"."outcome" in ('imported', 'nothing_new', 'failed', 'retrying'))
);
--> statement-breakpoint
ALTER TABLE "change_feed_tokens" ADD CONSTRAINT "change_feed_tokens_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_visits" ADD CONSTRAINT "change_visits_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fetch_runs_one_running_idx" ON "fetch_runs" USING btree ((true)) WHERE "fetch_runs"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "fetch_runs_started_at_idx" ON "fetch_runs" USING btree ("started_at");