CREATE TABLE "publications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"url" text NOT NULL,
	"content_sha256" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone,
	"announced_at" timestamp with time zone,
	"import_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text,
	"message" text,
	"emails" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_pages" (
	"url" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"content_sha256" text,
	"checked_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_answer" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_error" text,
	"requests" integer DEFAULT 0 NOT NULL,
	"not_modified" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "publications_found_at_idx" ON "publications" USING btree ("found_at");