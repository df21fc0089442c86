CREATE TABLE "margin_corrections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"license_id" uuid NOT NULL,
	"product_key" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"corrected_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "margin_corrections_kind_known" CHECK ("margin_corrections"."kind" in ('drug', 'appliance', 'brand'))
);
--> statement-breakpoint
CREATE TABLE "margin_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"upload_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"product" text NOT NULL,
	"pack_size" text,
	"cost_pence" integer NOT NULL,
	"kind" text,
	"code" text,
	"confidence" smallint DEFAULT 0 NOT NULL,
	"matched_by" text DEFAULT 'none' NOT NULL,
	CONSTRAINT "margin_lines_kind_known" CHECK ("margin_lines"."kind" is null or "margin_lines"."kind" in ('drug', 'appliance', 'brand')),
	CONSTRAINT "margin_lines_cost" CHECK ("margin_lines"."cost_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "margin_mappings" (
	"license_id" uuid PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "margin_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"uploaded_by" text,
	"file_name" text NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "margin_uploads_file_name_length" CHECK (char_length("margin_uploads"."file_name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "margin_corrections" ADD CONSTRAINT "margin_corrections_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_corrections" ADD CONSTRAINT "margin_corrections_corrected_by_profiles_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_lines" ADD CONSTRAINT "margin_lines_upload_id_margin_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."margin_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_mappings" ADD CONSTRAINT "margin_mappings_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_uploads" ADD CONSTRAINT "margin_uploads_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_uploads" ADD CONSTRAINT "margin_uploads_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "margin_corrections_key_idx" ON "margin_corrections" USING btree ("license_id","product_key");--> statement-breakpoint
CREATE INDEX "margin_lines_upload_idx" ON "margin_lines" USING btree ("upload_id","row_number");--> statement-breakpoint
CREATE INDEX "margin_uploads_license_idx" ON "margin_uploads" USING btree ("license_id","created_at");