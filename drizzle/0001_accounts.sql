CREATE TABLE "licenses" (
	"license_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation" text,
	"number_of_licenses" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_number_of_licenses_positive" CHECK ("licenses"."number_of_licenses" >= 1)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"job_role" text,
	"admin" boolean DEFAULT false NOT NULL,
	"delegate" boolean DEFAULT false NOT NULL,
	"is_subscribed" boolean DEFAULT false NOT NULL,
	"license_id" uuid,
	"last_signed_in" timestamp with time zone,
	"country" smallint DEFAULT 1 NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_email_unique" UNIQUE("email"),
	CONSTRAINT "profiles_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "profiles_country_known" CHECK ("profiles"."country" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_license_id_idx" ON "profiles" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "page_views_viewed_at_idx" ON "page_views" USING btree ("viewed_at");