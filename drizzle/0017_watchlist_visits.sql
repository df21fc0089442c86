CREATE TABLE "watchlist_visits" (
	"user_id" text NOT NULL,
	"watchlist_id" uuid NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_visits_user_id_watchlist_id_pk" PRIMARY KEY("user_id","watchlist_id")
);
--> statement-breakpoint
ALTER TABLE "watchlist_visits" ADD CONSTRAINT "watchlist_visits_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_visits" ADD CONSTRAINT "watchlist_visits_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;