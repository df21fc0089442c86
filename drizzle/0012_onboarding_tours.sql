CREATE TABLE "onboarding_tours" (
	"user_id" text NOT NULL,
	"tour" text NOT NULL,
	"outcome" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_tours_user_id_tour_pk" PRIMARY KEY("user_id","tour"),
	CONSTRAINT "onboarding_tours_tour" CHECK ("onboarding_tours"."tour" in ('intro', 'welcome')),
	CONSTRAINT "onboarding_tours_outcome" CHECK ("onboarding_tours"."outcome" in ('finished', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "onboarding_tours" ADD CONSTRAINT "onboarding_tours_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;