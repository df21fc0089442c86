CREATE TABLE "imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text,
	"file_bytes" bigint,
	"part" text,
	"edition" smallint,
	"period" date,
	"rows" integer,
	"outcome" text NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_outcome_known" CHECK ("imports"."outcome" in ('imported', 'unchanged', 'rejected')),
	CONSTRAINT "imports_edition_known" CHECK ("imports"."edition" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "tariff_datasets" (
	"edition" smallint NOT NULL,
	"part" text NOT NULL,
	"period" date NOT NULL,
	"content_sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"import_id" bigint NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_datasets_edition_part_period_pk" PRIMARY KEY("edition","part","period"),
	CONSTRAINT "tariff_datasets_edition_known" CHECK ("tariff_datasets"."edition" in (1, 2)),
	CONSTRAINT "tariff_datasets_period_first_of_month" CHECK (extract(day from "tariff_datasets"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "blacklist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"medicine" text NOT NULL,
	"supplier" text,
	"category" text,
	"snomed_code" text,
	"notes" text,
	CONSTRAINT "blacklist_edition_known" CHECK ("blacklist"."edition" in (1, 2)),
	CONSTRAINT "blacklist_period_first_of_month" CHECK (extract(day from "blacklist"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "borderline_substances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"product" text NOT NULL,
	"pack_size" numeric(14, 3),
	"unit_of_measure" text,
	"ampp_snomed_code" text,
	"supplier" text,
	"price_pence" integer,
	"conditions" text,
	"discount_rate_bp" integer,
	"net_price_pence" integer,
	CONSTRAINT "borderline_substances_edition_known" CHECK ("borderline_substances"."edition" in (1, 2)),
	CONSTRAINT "borderline_substances_period_first_of_month" CHECK (extract(day from "borderline_substances"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "branded_packs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"ampp_snomed_code" text NOT NULL,
	"name" text NOT NULL,
	"amp_snomed_code" text,
	"amp_name" text,
	"supplier" text,
	"vmpp_snomed_code" text,
	"vmpp_name" text,
	"vmp_snomed_code" text,
	"vmp_name" text,
	"pack_size" numeric(14, 3),
	"unit_of_measure" text,
	"subpack" text,
	"legal_category" text,
	"gtin" text,
	"nhs_indicative_price_pence" integer,
	"price_date" date,
	"previous_price_pence" integer,
	"price_basis" text,
	"drug_tariff_category" text,
	"drug_tariff_price_pence" integer,
	"discount_not_deducted" boolean NOT NULL,
	"discount_not_deducted_type" text,
	"broken_bulk" boolean NOT NULL,
	"special_container" boolean NOT NULL,
	"acbs" boolean NOT NULL,
	"dental_formulary" boolean NOT NULL,
	"nurse_formulary" boolean NOT NULL,
	"discontinued" boolean NOT NULL,
	"discontinued_date" date,
	"discount_rate_bp" integer,
	"net_price_pence" integer,
	CONSTRAINT "branded_packs_edition_known" CHECK ("branded_packs"."edition" in (1, 2)),
	CONSTRAINT "branded_packs_period_first_of_month" CHECK (extract(day from "branded_packs"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "category_m_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"quarter" smallint,
	"vmpp_snomed_code" text NOT NULL,
	"medicine" text NOT NULL,
	"pack_size" numeric(14, 3) NOT NULL,
	"unit_of_measure" text,
	"basic_price_pence" integer NOT NULL,
	"discount_rate_bp" integer,
	"net_price_pence" integer,
	CONSTRAINT "category_m_prices_edition_known" CHECK ("category_m_prices"."edition" in (1, 2)),
	CONSTRAINT "category_m_prices_period_first_of_month" CHECK (extract(day from "category_m_prices"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "concessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"drug" text NOT NULL,
	"pack_size" text NOT NULL,
	"price_pence" integer NOT NULL,
	"vmpp_snomed_code" text,
	"tariff_price_pence" integer,
	"uplift_pence" integer,
	"discount_rate_bp" integer,
	"net_price_pence" integer,
	CONSTRAINT "concessions_edition_known" CHECK ("concessions"."edition" in (1, 2)),
	CONSTRAINT "concessions_period_first_of_month" CHECK (extract(day from "concessions"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "discount_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"rate_group" text NOT NULL,
	"valid_from" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"source" text,
	CONSTRAINT "discount_rates_edition_known" CHECK ("discount_rates"."edition" in (1, 2)),
	CONSTRAINT "discount_rates_rate_range" CHECK ("discount_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "part_ix_names" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_ix_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"part" text NOT NULL,
	"supplier_name" text,
	"vmp_name" text,
	"amp_name" text,
	"colour" text,
	"size_or_weight" text,
	"quantity" numeric(14, 3),
	"quantity_unit_of_measure" text,
	"product_order_number" text,
	"pack_order_number" text,
	"price_pence" integer NOT NULL,
	"add_dispensing_indicator" text,
	"product_snomed_code" text,
	"pack_snomed_code" text,
	"gtin" text,
	"supplier_snomed_code" text,
	"bnf_code" text,
	"discount_rate_bp" integer,
	"net_price_pence" integer,
	CONSTRAINT "part_ix_prices_edition_known" CHECK ("part_ix_prices"."edition" in (1, 2)),
	CONSTRAINT "part_ix_prices_period_first_of_month" CHECK (extract(day from "part_ix_prices"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "part_viiia_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"medicine" text NOT NULL,
	"pack_size" numeric(14, 3) NOT NULL,
	"unit_of_measure" text,
	"vmp_snomed_code" text,
	"vmpp_snomed_code" text,
	"category" text NOT NULL,
	"basic_price_pence" integer NOT NULL,
	"discount_rate_bp" integer,
	"net_price_pence" integer,
	CONSTRAINT "part_viiia_prices_edition_known" CHECK ("part_viiia_prices"."edition" in (1, 2)),
	CONSTRAINT "part_viiia_prices_period_first_of_month" CHECK (extract(day from "part_viiia_prices"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "part_viiib_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"vmp_snomed_code" text,
	"medicine" text NOT NULL,
	"unit_of_measure" text,
	"formulations" text,
	"special_container" boolean NOT NULL,
	"minimum_quantity_vmpp_snomed_code" text,
	"minimum_quantity" numeric(14, 3) NOT NULL,
	"minimum_quantity_price_pence" integer NOT NULL,
	"additional_unit_vmpp_snomed_code" text,
	"additional_unit_quantity" numeric(14, 3),
	"additional_unit_price_pence" integer,
	"discount_rate_bp" integer,
	"net_minimum_quantity_price_pence" integer,
	"net_additional_unit_price_pence" integer,
	CONSTRAINT "part_viiib_prices_edition_known" CHECK ("part_viiib_prices"."edition" in (1, 2)),
	CONSTRAINT "part_viiib_prices_period_first_of_month" CHECK (extract(day from "part_viiib_prices"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "part_viiid_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"vmp_snomed_code" text,
	"vmpp_snomed_code" text,
	"medicine" text NOT NULL,
	"pack_size" numeric(14, 3) NOT NULL,
	"unit_of_measure" text,
	"formulations" text,
	"special_container" boolean NOT NULL,
	"basic_price_pence" integer NOT NULL,
	"discount_rate_bp" integer,
	"net_price_pence" integer,
	CONSTRAINT "part_viiid_prices_edition_known" CHECK ("part_viiid_prices"."edition" in (1, 2)),
	CONSTRAINT "part_viiid_prices_period_first_of_month" CHECK (extract(day from "part_viiid_prices"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "zero_discount" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"drug_name" text NOT NULL,
	"pack_size" text,
	"unit_of_measure" text,
	"vmpp_snomed_code" text,
	"ampp_snomed_code" text,
	"notes" text,
	CONSTRAINT "zero_discount_edition_known" CHECK ("zero_discount"."edition" in (1, 2)),
	CONSTRAINT "zero_discount_period_first_of_month" CHECK (extract(day from "zero_discount"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "concession_months" (
	"edition" smallint NOT NULL,
	"period" date NOT NULL,
	"lines" integer NOT NULL,
	"matched_lines" integer NOT NULL,
	"unmatched_lines" integer NOT NULL,
	"total_uplift_pence" integer,
	CONSTRAINT "concession_months_edition_period_pk" PRIMARY KEY("edition","period")
);
--> statement-breakpoint
CREATE TABLE "tariff_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"edition" smallint NOT NULL,
	"part" text NOT NULL,
	"period" date NOT NULL,
	"previous_period" date NOT NULL,
	"change" text NOT NULL,
	"item_key" text NOT NULL,
	"vmp_snomed_code" text,
	"code" text,
	"paired_code" text,
	"name" text NOT NULL,
	"pack_size" numeric(14, 3),
	"unit_of_measure" text,
	"old_price_pence" integer,
	"new_price_pence" integer,
	"price_change_pence" integer,
	"price_change_percent" numeric(12, 2),
	"old_category" text,
	"new_category" text,
	CONSTRAINT "tariff_changes_change_known" CHECK ("tariff_changes"."change" in ('addition', 'deletion', 'price_change', 'category_change')),
	CONSTRAINT "tariff_changes_edition_known" CHECK ("tariff_changes"."edition" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "tariff_datasets" ADD CONSTRAINT "tariff_datasets_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_started_at_idx" ON "imports" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "blacklist_edition_period_idx" ON "blacklist" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "blacklist_medicine_trgm_idx" ON "blacklist" USING gin ("medicine" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "borderline_substances_edition_period_idx" ON "borderline_substances" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "borderline_substances_product_trgm_idx" ON "borderline_substances" USING gin ("product" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "branded_packs_edition_period_idx" ON "branded_packs" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "branded_packs_name_trgm_idx" ON "branded_packs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "branded_packs_ampp_idx" ON "branded_packs" USING btree ("ampp_snomed_code");--> statement-breakpoint
CREATE INDEX "category_m_prices_edition_period_idx" ON "category_m_prices" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "concessions_edition_period_idx" ON "concessions" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "concessions_vmpp_idx" ON "concessions" USING btree ("vmpp_snomed_code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_rates_group_from_idx" ON "discount_rates" USING btree ("edition","rate_group","valid_from");--> statement-breakpoint
CREATE INDEX "part_ix_names_name_trgm_idx" ON "part_ix_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "part_ix_prices_edition_period_idx" ON "part_ix_prices" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "part_ix_prices_amp_name_idx" ON "part_ix_prices" USING btree ("amp_name");--> statement-breakpoint
CREATE INDEX "part_ix_prices_pack_idx" ON "part_ix_prices" USING btree ("pack_snomed_code");--> statement-breakpoint
CREATE INDEX "part_viiia_prices_edition_period_idx" ON "part_viiia_prices" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "part_viiia_prices_medicine_trgm_idx" ON "part_viiia_prices" USING gin ("medicine" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "part_viiia_prices_vmpp_idx" ON "part_viiia_prices" USING btree ("vmpp_snomed_code");--> statement-breakpoint
CREATE INDEX "part_viiib_prices_edition_period_idx" ON "part_viiib_prices" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "part_viiib_prices_medicine_trgm_idx" ON "part_viiib_prices" USING gin ("medicine" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "part_viiid_prices_edition_period_idx" ON "part_viiid_prices" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "part_viiid_prices_medicine_trgm_idx" ON "part_viiid_prices" USING gin ("medicine" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "zero_discount_edition_period_idx" ON "zero_discount" USING btree ("edition","period");--> statement-breakpoint
CREATE INDEX "zero_discount_drug_name_trgm_idx" ON "zero_discount" USING gin ("drug_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tariff_changes_lookup_idx" ON "tariff_changes" USING btree ("edition","part","period","change");