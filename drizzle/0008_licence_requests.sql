CREATE TABLE "licence_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "licence_requests_status_known" CHECK ("licence_requests"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_license_id_licenses_license_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("license_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_requests" ADD CONSTRAINT "licence_requests_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_requests_one_pending_idx" ON "licence_requests" USING btree ("license_id","user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "licence_requests_user_id_idx" ON "licence_requests" USING btree ("user_id");