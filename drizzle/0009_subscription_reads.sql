CREATE SEQUENCE "public"."subscription_read_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "subscription_reads" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"read_number" bigint NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
