-- 0015_search_ties (issue 29, ADR 031): listings of equal rating or price are ordered by id before kind, so the kinds
-- mix within a tie (every kind numbers its listings from 1) instead of one kind coming before all others of the same
-- rating; a walk of the rating order then meets every kind early.
DROP INDEX "search_documents_rating_idx";--> statement-breakpoint
DROP INDEX "search_documents_price_idx";--> statement-breakpoint
CREATE INDEX "search_documents_rating_idx" ON "search_documents" USING btree ("rating" DESC NULLS LAST,"listing_id","kind") WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_documents_price_idx" ON "search_documents" USING btree ("price_cents","listing_id","kind") WHERE is_active;