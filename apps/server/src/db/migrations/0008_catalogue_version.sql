ALTER TABLE "sellers" ADD COLUMN "catalogue_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that inserts, updates or deletes products bumps their sellers' catalogue_version
-- once (transition tables, like product_statistics), so a node can tell that an answer it cached for
-- one of the seller's lists is still the answer, with one primary-key read.
CREATE FUNCTION "products_catalogue_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "sellers" SET "catalogue_version" = "catalogue_version" + 1
    WHERE "id" IN (SELECT "seller_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "sellers" SET "catalogue_version" = "catalogue_version" + 1
    WHERE "id" IN (SELECT "seller_id" FROM "old_rows");
  ELSE
    UPDATE "sellers" SET "catalogue_version" = "catalogue_version" + 1
    WHERE "id" IN (SELECT "seller_id" FROM "new_rows" UNION SELECT "seller_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalogue_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_catalogue_touch"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_catalogue_touch"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_catalogue_touch"();
