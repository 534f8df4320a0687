-- 0016_search_kind_position (issue 29, ADR 031): a kind's listings near a place through one index (btree_gist for the
-- kind), so a search for hotels near Tokyo reads the hotels there rather than every listing there; the planner cannot
-- count a box (positions have no statistics), and the other kinds were most of what it read.
CREATE INDEX "search_documents_kind_position_idx" ON "search_documents" USING gist ("kind","position") WHERE is_active;