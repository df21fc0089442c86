CREATE TABLE "shared_answers" (
	"version" text NOT NULL,
	"key_hash" text NOT NULL,
	"bytes" "bytea",
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_answers_version_key_hash_pk" PRIMARY KEY("version","key_hash")
);
