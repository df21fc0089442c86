CREATE TABLE "tariff_names" (
	"source" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tariff_names_source_name_pk" PRIMARY KEY("source","name")
);
--> statement-breakpoint
DROP INDEX "blacklist_medicine_trgm_idx";--> statement-breakpoint
DROP INDEX "borderline_substances_product_trgm_idx";--> statement-breakpoint
DROP INDEX "branded_packs_edition_period_idx";--> statement-breakpoint
DROP INDEX "branded_packs_name_trgm_idx";--> statement-breakpoint
DROP INDEX "category_m_prices_medicine_trgm_idx";--> statement-breakpoint
DROP INDEX "concessions_drug_trgm_idx";--> statement-breakpoint
DROP INDEX "part_ix_prices_edition_period_idx";--> statement-breakpoint
DROP INDEX "part_ix_prices_amp_name_idx";--> statement-breakpoint
DROP INDEX "part_viiia_prices_edition_period_idx";--> statement-breakpoint
DROP INDEX "part_viiia_prices_medicine_trgm_idx";--> statement-breakpoint
DROP INDEX "part_viiib_prices_medicine_trgm_idx";--> statement-breakpoint
DROP INDEX "part_viiid_prices_medicine_trgm_idx";--> statement-breakpoint
DROP INDEX "zero_discount_drug_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_parts_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "branded_packs_name_idx" ON "branded_packs" USING btree ("edition","period","name");--> statement-breakpoint
CREATE INDEX "part_ix_prices_name_idx" ON "part_ix_prices" USING btree ("edition","period","amp_name");--> statement-breakpoint
CREATE INDEX "part_ix_prices_product_idx" ON "part_ix_prices" USING btree ("product_snomed_code");--> statement-breakpoint
CREATE INDEX "part_ix_prices_gtin_idx" ON "part_ix_prices" USING btree ("gtin");--> statement-breakpoint
CREATE INDEX "part_ix_prices_pack_order_idx" ON "part_ix_prices" USING btree ("pack_order_number");--> statement-breakpoint
CREATE INDEX "part_ix_prices_product_order_idx" ON "part_ix_prices" USING btree ("product_order_number");--> statement-breakpoint
CREATE INDEX "part_viiia_prices_name_idx" ON "part_viiia_prices" USING btree ("edition","period","medicine");--> statement-breakpoint
-- Every searched table's distinct names (ADR 097): those loaded so far, then a trigger on each table
-- adds the names of every statement's new rows, however they arrive. They replace Part IX's own
-- names table.
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'part_viiia_prices', "medicine" FROM "part_viiia_prices" WHERE "medicine" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'part_viiib_prices', "medicine" FROM "part_viiib_prices" WHERE "medicine" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'part_viiid_prices', "medicine" FROM "part_viiid_prices" WHERE "medicine" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'category_m_prices', "medicine" FROM "category_m_prices" WHERE "medicine" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'part_ix_prices', "amp_name" FROM "part_ix_prices" WHERE "amp_name" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'concessions', "drug" FROM "concessions" WHERE "drug" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'branded_packs', "name" FROM "branded_packs" WHERE "name" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'borderline_substances', "product" FROM "borderline_substances" WHERE "product" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'blacklist', "medicine" FROM "blacklist" WHERE "medicine" IS NOT NULL;--> statement-breakpoint
INSERT INTO "tariff_names" ("source", "name") SELECT DISTINCT 'zero_discount', "drug_name" FROM "zero_discount" WHERE "drug_name" IS NOT NULL;--> statement-breakpoint
DROP TABLE "part_ix_names";--> statement-breakpoint
CREATE INDEX "tariff_names_name_trgm_idx" ON "tariff_names" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE FUNCTION "remember_tariff_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO tariff_names (source, name) SELECT DISTINCT %L, %I FROM new_rows WHERE %I IS NOT NULL ON CONFLICT DO NOTHING',
    TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "part_viiia_prices_names" AFTER INSERT ON "part_viiia_prices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('medicine');--> statement-breakpoint
CREATE TRIGGER "part_viiib_prices_names" AFTER INSERT ON "part_viiib_prices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('medicine');--> statement-breakpoint
CREATE TRIGGER "part_viiid_prices_names" AFTER INSERT ON "part_viiid_prices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('medicine');--> statement-breakpoint
CREATE TRIGGER "category_m_prices_names" AFTER INSERT ON "category_m_prices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('medicine');--> statement-breakpoint
CREATE TRIGGER "part_ix_prices_names" AFTER INSERT ON "part_ix_prices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('amp_name');--> statement-breakpoint
CREATE TRIGGER "concessions_names" AFTER INSERT ON "concessions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('drug');--> statement-breakpoint
CREATE TRIGGER "branded_packs_names" AFTER INSERT ON "branded_packs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('name');--> statement-breakpoint
CREATE TRIGGER "borderline_substances_names" AFTER INSERT ON "borderline_substances" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('product');--> statement-breakpoint
CREATE TRIGGER "blacklist_names" AFTER INSERT ON "blacklist" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('medicine');--> statement-breakpoint
CREATE TRIGGER "zero_discount_names" AFTER INSERT ON "zero_discount" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_tariff_names"('drug_name');
