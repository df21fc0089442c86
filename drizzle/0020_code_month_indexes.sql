DROP INDEX "branded_packs_ampp_idx";--> statement-breakpoint
DROP INDEX "concessions_vmpp_idx";--> statement-breakpoint
DROP INDEX "part_ix_prices_pack_idx";--> statement-breakpoint
DROP INDEX "part_viiia_prices_vmpp_idx";--> statement-breakpoint
CREATE INDEX "branded_packs_ampp_idx" ON "branded_packs" USING btree ("ampp_snomed_code","edition","period");--> statement-breakpoint
CREATE INDEX "concessions_vmpp_idx" ON "concessions" USING btree ("vmpp_snomed_code","edition","period");--> statement-breakpoint
CREATE INDEX "part_ix_prices_pack_idx" ON "part_ix_prices" USING btree ("pack_snomed_code","edition","period");--> statement-breakpoint
CREATE INDEX "part_viiia_prices_vmpp_idx" ON "part_viiia_prices" USING btree ("vmpp_snomed_code","edition","period");--> statement-breakpoint
-- The planner learns of the months already loaded (imports analyse their table from now on).
ANALYZE "part_viiia_prices";--> statement-breakpoint
ANALYZE "part_ix_prices";--> statement-breakpoint
ANALYZE "branded_packs";--> statement-breakpoint
ANALYZE "concessions";
