-- Product descriptions are sanitised once, when written, and read as stored (docs/decisions/0179).
-- Every existing row starts at 0, "not sanitised under today's rules": it is sanitised on read until the
-- start-up pass (modules/products/description.ts) has re-sanitised it and stamped today's rules.
ALTER TABLE "products" ADD COLUMN "description_rules" integer DEFAULT 0 NOT NULL;
