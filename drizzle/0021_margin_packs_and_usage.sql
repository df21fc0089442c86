CREATE TABLE "margin_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"license_id" uuid NOT NULL,
	"user_id" text,
	"lines" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "margin_usage_lines" CHECK ("margin_usage"."lines" >= 0)
);
--> statement-breakpoint
ALTER TABLE "margin_lines" ADD COLUMN "product_code" text;--> statement-breakpoint
ALTER TABLE "margin_lines" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "margin_usage" ADD CONSTRAINT "margin_usage_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_usage" ADD CONSTRAINT "margin_usage_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "margin_usage_license_idx" ON "margin_usage" USING btree ("license_id","created_at");--> statement-breakpoint
CREATE INDEX "margin_usage_user_idx" ON "margin_usage" USING btree ("user_id","created_at");