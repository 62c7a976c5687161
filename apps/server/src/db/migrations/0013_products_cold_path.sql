-- Issue 19 (docs/performance.md). What visitors see of a store, newest or oldest first: a deep page's
-- ids come from this narrower index, no entry's status tested; the list statements write the two
-- statuses as literals so their generic plans can use it.
CREATE INDEX "products_seller_public_created_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" in ('active', 'out_of_stock');--> statement-breakpoint
-- Word search by full-text prefix match (product-pages.ts). The expression must be the one the list
-- statements test, to_tsvector('simple'::regconfig, name), for PostgreSQL to use the index.
CREATE INDEX "products_seller_search_idx" ON "products" USING gin ("seller_id",to_tsvector('simple'::regconfig, "name"));
