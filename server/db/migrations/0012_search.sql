-- 0012_search: the catalogue search (issue 29, ADR 031), all in PostgreSQL (and PGlite): full-text search over
-- unaccented words, pg_trgm and fuzzystrmatch for typos, cube and earthdistance for places. earthdistance is not a
-- trusted extension: a deployment whose migrating role is not a superuser creates it beforehand.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "search_counts" (
	"kind" text NOT NULL,
	"facets" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_band" smallint NOT NULL,
	"rating_band" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "search_counts_kind_facets_price_band_rating_band_pk" PRIMARY KEY("kind","facets","price_band","rating_band")
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" text NOT NULL,
	"listing_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"facets" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_cents" integer NOT NULL,
	"price_band" smallint NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"review_count" integer NOT NULL,
	"city" text,
	"lat" double precision,
	"lng" double precision,
	"position" "earth",
	"capacity" integer,
	"max_guests" integer,
	"is_active" boolean NOT NULL,
	CONSTRAINT "search_documents_kind_listing_id_pk" PRIMARY KEY("kind","listing_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document") WITH (gin_pending_list_limit=256) WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_documents_facets_idx" ON "search_documents" USING gin ("facets") WITH (gin_pending_list_limit=256) WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_documents_position_idx" ON "search_documents" USING gist ("position") WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_documents_kind_rating_idx" ON "search_documents" USING btree ("kind","rating" DESC NULLS LAST,"listing_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_documents_rating_idx" ON "search_documents" USING btree ("rating" DESC NULLS LAST,"kind","listing_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_documents_kind_price_idx" ON "search_documents" USING btree ("kind","price_cents","listing_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_documents_price_idx" ON "search_documents" USING btree ("price_cents","kind","listing_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_documents_name_key_idx" ON "search_documents" USING btree ("name_key" text_pattern_ops) WHERE is_active;--> statement-breakpoint
CREATE INDEX "search_words_trigram_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- Text as search sees it: unaccented, lower case, ASCII punctuation turned into spaces (so 'wood-fired', '4.5' and
-- 'info@x.com' are words the way a typed query splits them). The dictionary is named with its schema: the one-argument
-- unaccent() looks it up on the search_path.
CREATE FUNCTION "search_text"(t text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, coalesce(t, ''))), '[^a-z0-9\u0080-\uffff]+', ' ', 'g')
$$;
--> statement-breakpoint
-- The words of a text, in order, exactly as to_tsvector('simple', search_text(t)) makes its lexemes (the parser's
-- tokens other than blanks): the search service splits a query with this, so query words and lexemes always agree.
CREATE FUNCTION "search_words_of"(t text) RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(p.token ORDER BY p.n), '{}') FROM ts_parse('default', search_text(t)) WITH ORDINALITY p(tokid, token, n) WHERE p.tokid <> 12
$$;
--> statement-breakpoint
-- Whether a comma part of an address names a street rather than a place: it has a house number ('612 College St',
-- 'Via Verdi 76', '12a', '10-12'; postcodes have more digits), begins with a street word ('Via Roma', 'Rue Saint-Paul',
-- 'Calle Mayor') or ends with one ('King St W', 'Baker Street', 'Hauptstraße'). A city beginning 'St.' (St. John's)
-- is not a street: 'St' counts only after another word.
CREATE FUNCTION "search_is_street"(part text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(part) ~ '(^|\s)#?[0-9]{1,4}[a-z]?(-[0-9]{1,4}[a-z]?)?(\s|$)'
      OR lower(part) ~ '^\s*(via|viale|vicolo|corso|piazza|piazzale|largo|rue|place|avenue|av|avenida|boulevard|bd|calle|carrer|paseo|plaza|rua|travessa|strada|chemin|allee|allée)\.?\s'
      OR lower(part) ~ '\S\s+(street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|way|court|ct|crescent|cres|place|pl|terrace|highway|hwy|parkway|pkwy|square|sq)\.?(\s+([nsew]|ne|nw|se|sw|north|south|east|west))?\s*$'
      OR lower(part) ~ '\S(strasse|straße|gasse|platz|allee)\s*$'
$$;
--> statement-breakpoint
-- The city of a place text, for display. Addresses come in many orders ('City', 'City, Region', 'Street 12, City',
-- '12 Street, City, Region', 'Street, City, Country'): the city is the first comma part that is not a street, or,
-- when every part is one ('Via Verdi 76, 1000 Bruxelles'), the last of several (none of a lone street). Each part is
-- first cut before ' and ', ' within ' or ' & ' ('Regina and Saskatoon', 'Regina within 40 km' -> 'Regina'); the
-- chosen one loses words with digits (postcodes: '75004 Paris' -> 'Paris'), 'Downtown', 'Greater', '... Area' and
-- '... International Airport'; '(YYZ)' goes first. PL/pgSQL, as the loop reads plainly there and its plans are kept
-- between calls: an SQL function with a FROM clause is not inlined and runs far slower per listing refreshed.
CREATE FUNCTION "search_city"(place text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  parts text[] := string_to_array(regexp_replace(coalesce(place, ''), '\([^)]*\)', ' ', 'g'), ',');
  part text;
  city text;
BEGIN
  FOREACH part IN ARRAY parts LOOP
    part := regexp_replace(part, '\s+(and|within|&)\s.*$', '', 'i');
    IF btrim(part) <> '' AND NOT search_is_street(part) THEN
      city := part;
      EXIT;
    END IF;
  END LOOP;
  IF city IS NULL AND cardinality(parts) > 1 THEN
    city := regexp_replace(parts[cardinality(parts)], '\s+(and|within|&)\s.*$', '', 'i');
  END IF;
  RETURN nullif(btrim(
    regexp_replace(
      regexp_replace(
        regexp_replace(city, '(^|\s)\S*[0-9]\S*', ' ', 'g'),
        '\s+(international\s+)?(airport|area|region)\s*$', '', 'i'),
      '^\s*(downtown|greater|central|north|south|east|west|metro)\s+', '', 'i')), '');
END $$;
--> statement-breakpoint
-- The index of a price in its kind's bands (domain/search/schemas.ts PRICE_BANDS: [min, max) in whole dollars; a test
-- keeps the two lists equal); -1 for no price (2147483647: a restaurant with nothing available).
CREATE FUNCTION "search_price_band"(kind text, cents integer) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN cents IS NULL OR cents = 2147483647 OR cents < 0 THEN 0 ELSE width_bucket(cents, CASE kind
      WHEN 'restaurant' THEN '{0,1000,2000,4000}'::int[]
      WHEN 'hotel' THEN '{0,10000,20000,40000}'::int[]
      WHEN 'flight' THEN '{0,20000,50000,100000}'::int[]
      WHEN 'car' THEN '{0,5000,10000,20000}'::int[]
      WHEN 'property' THEN '{0,50000,100000,200000,300000}'::int[]
      WHEN 'taxi-ride' THEN '{0,500,1000}'::int[]
      WHEN 'shipping-rate' THEN '{0,1000,2500,5000}'::int[]
      WHEN 'general-service' THEN '{0,5000,10000,25000}'::int[]
      ELSE '{}'::int[] END) END - 1)::smallint
$$;
--> statement-breakpoint
-- The rating facet's bands: 4 (rated 4 or more), 3 (3 or more, below 4), 0.
CREATE FUNCTION "search_rating_band"(rating numeric) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN rating >= 4 THEN 4 WHEN rating >= 3 THEN 3 ELSE 0 END)::smallint
$$;
--> statement-breakpoint
-- What each kind's listings say to search, by id: the name, the category words (B), the place words (C), the rest (D),
-- the facets, the price in the kind's unit, the rating, the place and the capacity a dated search counts.
CREATE FUNCTION "search_source"(p_kind text, p_ids integer[])
RETURNS TABLE (listing_id integer, name text, b text, c text, d text, facets text[], price_cents integer, rating numeric, review_count integer,
               city text, lat double precision, lng double precision, capacity integer, max_guests integer, is_active boolean)
LANGUAGE sql STABLE AS $$
  SELECT r.id, r.name, concat_ws(' ', r.cuisine, 'restaurant'), r.address,
         concat_ws(' ', r.description, (SELECT string_agg(m.name, ' ' ORDER BY m.position, m.id) FROM menu_items m WHERE m.restaurant_id = r.id)),
         ARRAY['cuisine:' || r.cuisine], coalesce((SELECT min(m.price_cents) FROM menu_items m WHERE m.restaurant_id = r.id AND m.available), 2147483647),
         r.rating, r.review_count, search_city(r.address), r.lat::float8, r.lng::float8, NULL::int, NULL::int, r.is_active
  FROM restaurants r WHERE p_kind = 'restaurant' AND r.id = ANY(p_ids)
  UNION ALL
  SELECT h.id, h.name, 'hotel', h.location, concat_ws(' ', h.description, array_to_string(h.amenities, ' ')),
         ARRAY['stars:' || h.star_rating], h.price_per_night_cents, h.rating, h.review_count, search_city(h.location),
         h.lat::float8, h.lng::float8, h.rooms, h.max_guests, h.is_active
  FROM hotels h WHERE p_kind = 'hotel' AND h.id = ANY(p_ids)
  UNION ALL
  SELECT f.id, f.airline || ' ' || f.flight_number, f.airline || ' flight', f.departure_city || ' ' || f.arrival_city, '',
         ARRAY['airline:' || f.airline], f.price_cents, 0::numeric, 0, search_city(f.departure_city), NULL::float8, NULL::float8, f.seats, NULL::int, f.is_active
  FROM flights f WHERE p_kind = 'flight' AND f.id = ANY(p_ids)
  UNION ALL
  SELECT c.id, c.model, concat_ws(' ', c.category, c.company, 'car rental'), c.location, '',
         ARRAY['category:' || c.category], c.price_per_day_cents, c.rating, c.review_count, search_city(c.location),
         c.lat::float8, c.lng::float8, c.fleet, NULL::int, c.is_active
  FROM cars c WHERE p_kind = 'car' AND c.id = ANY(p_ids)
  UNION ALL
  SELECT p.id, p.title, p.type, p.location, concat_ws(' ', p.description, array_to_string(p.amenities, ' ')),
         ARRAY['type:' || p.type], p.price_per_month_cents, p.rating, p.review_count, search_city(p.location),
         p.lat::float8, p.lng::float8, 1, NULL::int, p.is_active
  FROM properties p WHERE p_kind = 'property' AND p.id = ANY(p_ids)
  UNION ALL
  SELECT t.id, t.type, concat_ws(' ', 'taxi', t.company), '', t.description,
         '{}'::text[], t.base_fare_cents, t.rating, t.review_count, NULL::text, NULL::float8, NULL::float8, NULL::int, NULL::int, t.is_active
  FROM taxi_rides t WHERE p_kind = 'taxi-ride' AND t.id = ANY(p_ids)
  UNION ALL
  SELECT s.id, s.name, concat_ws(' ', 'shipping', s.speed), '', concat_ws(' ', s.description, s.delivery_time),
         '{}'::text[], s.base_price_cents, 0::numeric, 0, NULL::text, NULL::float8, NULL::float8, NULL::int, NULL::int, s.is_active
  FROM shipping_rates s WHERE p_kind = 'shipping-rate' AND s.id = ANY(p_ids)
  UNION ALL
  SELECT g.id, g.name, concat_ws(' ', g.category, g.service_type), concat_ws(' ', g.service_area, g.country),
         concat_ws(' ', g.description, array_to_string(g.features, ' '), array_to_string(g.specializations, ' ')),
         ARRAY['category:' || g.category], g.price_cents, g.rating, g.review_count, search_city(g.service_area),
         NULL::float8, NULL::float8, NULL::int, NULL::int, g.is_active
  FROM general_services g WHERE p_kind = 'general-service' AND g.id = ANY(p_ids)
$$;
--> statement-breakpoint
-- Brings the documents of some listings of a kind up to date with their tables: inserts, updates (only when something
-- search uses changed) or deletes them, adds their new words to the lexicon and moves the counts. Callers hold the
-- listings' rows (the listing tables' own writes do; menus lock their restaurant), so the counts' "before" is exact.
-- Lexicon and count rows are written in key order, so concurrent refreshes never deadlock on them.
CREATE FUNCTION "search_refresh"(p_kind text, p_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  WITH src AS MATERIALIZED (
    SELECT s.*, search_words_of(s.name) AS words FROM search_source(p_kind, p_ids) s
  ),
  docs AS (
    SELECT p_kind AS kind, s.listing_id, s.name, array_to_string(s.words, ' ') AS name_key,
           setweight(to_tsvector('simple', array_to_string(s.words, ' ')), 'A')
             || setweight(to_tsvector('simple', search_text(s.b)), 'B')
             || setweight(to_tsvector('simple', search_text(s.c)), 'C')
             || setweight(to_tsvector('simple', search_text(s.d)), 'D') AS document,
           s.facets, s.price_cents, search_price_band(p_kind, s.price_cents) AS price_band, s.rating, s.review_count, s.city, s.lat, s.lng,
           CASE WHEN s.lat IS NOT NULL AND s.lng IS NOT NULL THEN public.ll_to_earth(s.lat, s.lng) END AS position,
           s.capacity, s.max_guests, s.is_active
    FROM src s
  ),
  before AS MATERIALIZED (
    SELECT d.kind, d.listing_id, d.facets, d.price_band, search_rating_band(d.rating) AS rating_band, d.is_active
    FROM search_documents d WHERE d.kind = p_kind AND d.listing_id = ANY(p_ids)
  ),
  up AS (
    INSERT INTO search_documents AS t (kind, listing_id, name, name_key, document, facets, price_cents, price_band, rating, review_count, city, lat, lng, position, capacity, max_guests, is_active)
    SELECT * FROM docs
    ON CONFLICT (kind, listing_id) DO UPDATE SET
      name = excluded.name, name_key = excluded.name_key, document = excluded.document, facets = excluded.facets,
      price_cents = excluded.price_cents, price_band = excluded.price_band, rating = excluded.rating, review_count = excluded.review_count,
      city = excluded.city, lat = excluded.lat, lng = excluded.lng, position = excluded.position, capacity = excluded.capacity,
      max_guests = excluded.max_guests, is_active = excluded.is_active
    WHERE (t.name, t.document, t.facets, t.price_cents, t.rating, t.review_count, t.city, t.lat, t.lng, t.capacity, t.max_guests, t.is_active)
      IS DISTINCT FROM (excluded.name, excluded.document, excluded.facets, excluded.price_cents, excluded.rating, excluded.review_count,
                        excluded.city, excluded.lat, excluded.lng, excluded.capacity, excluded.max_guests, excluded.is_active)
    RETURNING t.kind, t.listing_id, t.facets, t.price_band, search_rating_band(t.rating) AS rating_band, t.is_active, t.document
  ),
  gone AS (
    DELETE FROM search_documents d WHERE d.kind = p_kind AND d.listing_id = ANY(p_ids)
      AND NOT EXISTS (SELECT 1 FROM src WHERE src.listing_id = d.listing_id)
    RETURNING d.kind, d.listing_id
  ),
  new_words AS (
    INSERT INTO search_words (word)
    SELECT DISTINCT w.lexeme FROM up, unnest(up.document) w ORDER BY 1
    ON CONFLICT DO NOTHING
  ),
  delta AS (
    SELECT u.kind, u.facets, u.price_band, u.rating_band, 1 AS n FROM up u WHERE u.is_active
    UNION ALL
    SELECT b.kind, b.facets, b.price_band, b.rating_band, -1 FROM before b JOIN up u USING (kind, listing_id) WHERE b.is_active
    UNION ALL
    SELECT b.kind, b.facets, b.price_band, b.rating_band, -1 FROM before b JOIN gone g USING (kind, listing_id) WHERE b.is_active
  )
  INSERT INTO search_counts AS c (kind, facets, price_band, rating_band, count)
  SELECT kind, facets, price_band, rating_band, sum(n)::int FROM delta
  GROUP BY kind, facets, price_band, rating_band HAVING sum(n) <> 0
  ORDER BY kind, facets, price_band, rating_band
  ON CONFLICT (kind, facets, price_band, rating_band) DO UPDATE SET count = c.count + excluded.count;
END $$;
--> statement-breakpoint
-- A listing table's statement changed rows (inserted, updated or deleted: the transition table search_changed_rows):
-- their documents follow in the same transaction. TG_ARGV[0] is the search kind.
CREATE FUNCTION "search_listings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(TG_ARGV[0], ARRAY(SELECT DISTINCT r.id FROM search_changed_rows r ORDER BY 1));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A menu changed: its restaurants' documents follow (price, menu words). The restaurants are locked first so that
-- concurrent menu edits of one restaurant refresh it one after the other, each seeing the other's items.
CREATE FUNCTION "search_menus_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT restaurant_id FROM search_new_rows ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT restaurant_id FROM search_old_rows ORDER BY 1);
  ELSE
    ids := ARRAY(SELECT restaurant_id FROM search_new_rows UNION SELECT restaurant_id FROM search_old_rows ORDER BY 1);
  END IF;
  PERFORM 1 FROM restaurants WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  PERFORM search_refresh('restaurant', ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE fires no row events: a truncated listing table empties its kind, a truncated menu refreshes every restaurant.
CREATE FUNCTION "search_listings_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'menu' THEN
    PERFORM search_refresh('restaurant', ARRAY(SELECT id FROM restaurants ORDER BY id));
  ELSE
    DELETE FROM search_documents WHERE kind = TG_ARGV[0];
    DELETE FROM search_counts WHERE kind = TG_ARGV[0];
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "search_restaurants_inserted" AFTER INSERT ON "restaurants" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('restaurant');--> statement-breakpoint
CREATE TRIGGER "search_restaurants_updated" AFTER UPDATE ON "restaurants" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('restaurant');--> statement-breakpoint
CREATE TRIGGER "search_restaurants_deleted" AFTER DELETE ON "restaurants" REFERENCING OLD TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('restaurant');--> statement-breakpoint
CREATE TRIGGER "search_restaurants_truncated" AFTER TRUNCATE ON "restaurants" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('restaurant');--> statement-breakpoint
CREATE TRIGGER "search_menu_items_inserted" AFTER INSERT ON "menu_items" REFERENCING NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_menus_changed();--> statement-breakpoint
CREATE TRIGGER "search_menu_items_updated" AFTER UPDATE ON "menu_items" REFERENCING OLD TABLE AS search_old_rows NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_menus_changed();--> statement-breakpoint
CREATE TRIGGER "search_menu_items_deleted" AFTER DELETE ON "menu_items" REFERENCING OLD TABLE AS search_old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_menus_changed();--> statement-breakpoint
CREATE TRIGGER "search_menu_items_truncated" AFTER TRUNCATE ON "menu_items" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('menu');--> statement-breakpoint
CREATE TRIGGER "search_hotels_inserted" AFTER INSERT ON "hotels" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('hotel');--> statement-breakpoint
CREATE TRIGGER "search_hotels_updated" AFTER UPDATE ON "hotels" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('hotel');--> statement-breakpoint
CREATE TRIGGER "search_hotels_deleted" AFTER DELETE ON "hotels" REFERENCING OLD TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('hotel');--> statement-breakpoint
CREATE TRIGGER "search_hotels_truncated" AFTER TRUNCATE ON "hotels" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('hotel');--> statement-breakpoint
CREATE TRIGGER "search_flights_inserted" AFTER INSERT ON "flights" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('flight');--> statement-breakpoint
CREATE TRIGGER "search_flights_updated" AFTER UPDATE ON "flights" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('flight');--> statement-breakpoint
CREATE TRIGGER "search_flights_deleted" AFTER DELETE ON "flights" REFERENCING OLD TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('flight');--> statement-breakpoint
CREATE TRIGGER "search_flights_truncated" AFTER TRUNCATE ON "flights" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('flight');--> statement-breakpoint
CREATE TRIGGER "search_cars_inserted" AFTER INSERT ON "cars" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('car');--> statement-breakpoint
CREATE TRIGGER "search_cars_updated" AFTER UPDATE ON "cars" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('car');--> statement-breakpoint
CREATE TRIGGER "search_cars_deleted" AFTER DELETE ON "cars" REFERENCING OLD TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('car');--> statement-breakpoint
CREATE TRIGGER "search_cars_truncated" AFTER TRUNCATE ON "cars" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('car');--> statement-breakpoint
CREATE TRIGGER "search_properties_inserted" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('property');--> statement-breakpoint
CREATE TRIGGER "search_properties_updated" AFTER UPDATE ON "properties" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('property');--> statement-breakpoint
CREATE TRIGGER "search_properties_deleted" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('property');--> statement-breakpoint
CREATE TRIGGER "search_properties_truncated" AFTER TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('property');--> statement-breakpoint
CREATE TRIGGER "search_taxi_rides_inserted" AFTER INSERT ON "taxi_rides" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('taxi-ride');--> statement-breakpoint
CREATE TRIGGER "search_taxi_rides_updated" AFTER UPDATE ON "taxi_rides" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('taxi-ride');--> statement-breakpoint
CREATE TRIGGER "search_taxi_rides_deleted" AFTER DELETE ON "taxi_rides" REFERENCING OLD TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('taxi-ride');--> statement-breakpoint
CREATE TRIGGER "search_taxi_rides_truncated" AFTER TRUNCATE ON "taxi_rides" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('taxi-ride');--> statement-breakpoint
CREATE TRIGGER "search_shipping_rates_inserted" AFTER INSERT ON "shipping_rates" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('shipping-rate');--> statement-breakpoint
CREATE TRIGGER "search_shipping_rates_updated" AFTER UPDATE ON "shipping_rates" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('shipping-rate');--> statement-breakpoint
CREATE TRIGGER "search_shipping_rates_deleted" AFTER DELETE ON "shipping_rates" REFERENCING OLD TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('shipping-rate');--> statement-breakpoint
CREATE TRIGGER "search_shipping_rates_truncated" AFTER TRUNCATE ON "shipping_rates" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('shipping-rate');--> statement-breakpoint
CREATE TRIGGER "search_general_services_inserted" AFTER INSERT ON "general_services" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('general-service');--> statement-breakpoint
CREATE TRIGGER "search_general_services_updated" AFTER UPDATE ON "general_services" REFERENCING NEW TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('general-service');--> statement-breakpoint
CREATE TRIGGER "search_general_services_deleted" AFTER DELETE ON "general_services" REFERENCING OLD TABLE AS search_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_listings_changed('general-service');--> statement-breakpoint
CREATE TRIGGER "search_general_services_truncated" AFTER TRUNCATE ON "general_services" FOR EACH STATEMENT EXECUTE FUNCTION search_listings_truncated('general-service');--> statement-breakpoint
-- The listings there already.
SELECT search_refresh('restaurant', ARRAY(SELECT id FROM restaurants ORDER BY id));--> statement-breakpoint
SELECT search_refresh('hotel', ARRAY(SELECT id FROM hotels ORDER BY id));--> statement-breakpoint
SELECT search_refresh('flight', ARRAY(SELECT id FROM flights ORDER BY id));--> statement-breakpoint
SELECT search_refresh('car', ARRAY(SELECT id FROM cars ORDER BY id));--> statement-breakpoint
SELECT search_refresh('property', ARRAY(SELECT id FROM properties ORDER BY id));--> statement-breakpoint
SELECT search_refresh('taxi-ride', ARRAY(SELECT id FROM taxi_rides ORDER BY id));--> statement-breakpoint
SELECT search_refresh('shipping-rate', ARRAY(SELECT id FROM shipping_rates ORDER BY id));--> statement-breakpoint
SELECT search_refresh('general-service', ARRAY(SELECT id FROM general_services ORDER BY id));
