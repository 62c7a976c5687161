-- Issue 19: word search by full-text prefix match (product-pages.ts). The expression must be the one
-- the list statements test, to_tsvector('simple'::regconfig, name), for PostgreSQL to use the index.
CREATE INDEX "products_seller_search_idx" ON "products" USING gin ("seller_id",to_tsvector('simple'::regconfig, "name"));
