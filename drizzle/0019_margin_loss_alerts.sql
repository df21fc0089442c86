CREATE TABLE "margin_line_checks" (
	"line_id" bigint NOT NULL,
	"edition" smallint NOT NULL,
	"reimbursement_pence" integer,
	"period" date,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "margin_line_checks_line_id_edition_pk" PRIMARY KEY("line_id","edition"),
	CONSTRAINT "margin_line_checks_edition_known" CHECK ("margin_line_checks"."edition" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "watchlist_alert_preferences" ADD COLUMN "margin_losses" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "margin_line_checks" ADD CONSTRAINT "margin_line_checks_line_id_margin_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."margin_lines"("id") ON DELETE cascade ON UPDATE no action;