-- Issue 26 (the journey's truth): places with coordinates, the price breakdown, the status steps, line-haul parcels.
-- Each section below is one part of that work; statements are separated by the breakpoint marker drizzle uses.
-- screens (issue 26): an admin can disable an account (sign-in refused, sessions ended).
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
-- status (issue 26): when the driver first came within the arriving threshold of the drop-off (domain/orders/journey.ts).
ALTER TABLE "delivery_orders" ADD COLUMN "arriving_at" timestamp with time zone;
--> statement-breakpoint
-- totals (issue 26): the price breakdown stored with each booking (domain/bookings/breakdown.ts), and each restaurant's
-- delivery radius (domain/orders/reach.ts). Bookings made before had no fees, tax or tip: their subtotal is their total.
ALTER TABLE "restaurants" ADD COLUMN "delivery_radius_km" numeric(5, 1) DEFAULT '10' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "service_fee_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "bookings" SET "subtotal_cents" = "total_cents";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_total_is_breakdown" CHECK ("bookings"."total_cents" = "bookings"."subtotal_cents" + "bookings"."delivery_fee_cents" + "bookings"."service_fee_cents" + "bookings"."tax_cents" + "bookings"."tip_cents");
--> statement-breakpoint
-- dispatch (issue 26): which part of the journey an order covers, parcels between cities (line-haul) and their scans,
-- and the online drivers' position index the dispatch radius searches.
ALTER TABLE "delivery_orders" ADD COLUMN "leg" text DEFAULT 'direct' NOT NULL;
--> statement-breakpoint
CREATE TABLE "line_hauls" (
	"tracking_id" text PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"origin_hub" jsonb NOT NULL,
	"destination_hub" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"charge_cents" integer NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_id" text NOT NULL,
	"scan" text NOT NULL,
	"hub" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_hauls" ADD CONSTRAINT "line_hauls_tracking_id_tracking_records_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."tracking_records"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "line_hauls" ADD CONSTRAINT "line_hauls_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_tracking_id_line_hauls_tracking_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."line_hauls"("tracking_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_once_idx" ON "shipment_scans" USING btree ("tracking_id","scan");
--> statement-breakpoint
CREATE INDEX "drivers_online_position_idx" ON "drivers" USING btree ("lat","lng") WHERE online;
--> statement-breakpoint
-- places (issue 26): hotels, car rental pickup points and rental properties have coordinates like restaurants (set from
-- the registration's map pin; approval refuses a place without one). Demo listings seeded before get the seed's points.
ALTER TABLE "hotels" ADD COLUMN "lat" numeric(9, 6);
--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "lng" numeric(9, 6);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "lat" numeric(9, 6);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "lng" numeric(9, 6);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "lat" numeric(9, 6);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "lng" numeric(9, 6);
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 48.853900, "lng" = 2.333600 WHERE "name" = 'Hôtel Lumière Saint-Germain' AND "location" = 'Paris, France' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 51.494100, "lng" = -0.173800 WHERE "name" = 'The Kensington Arms' AND "location" = 'London, United Kingdom' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 35.689500, "lng" = 139.691710 WHERE "name" = 'Shinjuku Skyline Hotel' AND "location" = 'Tokyo, Japan' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 40.714270, "lng" = -74.005970 WHERE "name" = 'Hudson Park Hotel' AND "location" = 'New York, USA' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 25.077250, "lng" = 55.309270 WHERE "name" = 'Al Noor Marina Resort' AND "location" = 'Dubai, United Arab Emirates' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 43.638700, "lng" = -79.381700 WHERE "name" = 'Harbourfront Grand Toronto' AND "location" = 'Toronto, Canada' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 49.290500, "lng" = -123.122000 WHERE "name" = 'Coal Harbour Suites' AND "location" = 'Vancouver, Canada' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = -33.867850, "lng" = 151.207320 WHERE "name" = 'Bondi Breeze Hotel' AND "location" = 'Sydney, Australia' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 41.388790, "lng" = 2.158990 WHERE "name" = 'Casa Gótica Boutique Hotel' AND "location" = 'Barcelona, Spain' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "hotels" SET "lat" = 50.435000, "lng" = -104.600000 WHERE "name" = 'Wascana Lakeside Inn' AND "location" = 'Regina, Canada' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 50.431900, "lng" = -104.665800 WHERE "model" = 'Nissan Versa' AND "location" = 'Regina International Airport (YQR)' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 43.677700, "lng" = -79.624800 WHERE "model" = 'Kia Rio' AND "location" = 'Toronto Pearson Airport (YYZ)' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 43.677700, "lng" = -79.624800 WHERE "model" = 'Toyota Corolla' AND "location" = 'Toronto Pearson Airport (YYZ)' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 50.448000, "lng" = -104.612000 WHERE "model" = 'Honda Civic' AND "location" = 'Downtown Regina, SK' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 49.196700, "lng" = -123.181500 WHERE "model" = 'Toyota RAV4' AND "location" = 'Vancouver International Airport (YVR)' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 51.121500, "lng" = -114.007600 WHERE "model" = 'Ford Explorer' AND "location" = 'Calgary International Airport (YYC)' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 43.645300, "lng" = -79.380600 WHERE "model" = 'BMW 5 Series' AND "location" = 'Downtown Toronto, ON' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 49.196700, "lng" = -123.181500 WHERE "model" = 'Mercedes-Benz E-Class' AND "location" = 'Vancouver International Airport (YVR)' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 50.431900, "lng" = -104.665800 WHERE "model" = 'Chrysler Pacifica' AND "location" = 'Regina International Airport (YQR)' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "cars" SET "lat" = 43.677700, "lng" = -79.624800 WHERE "model" = 'Tesla Model 3' AND "location" = 'Toronto Pearson Airport (YYZ)' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 50.435000, "lng" = -104.600000 WHERE "title" = 'Cozy Studio near Wascana Lake' AND "location" = 'Regina, SK' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 50.446000, "lng" = -104.631000 WHERE "title" = 'Cathedral Village One-Bedroom' AND "location" = 'Regina, SK' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 50.412400, "lng" = -104.671900 WHERE "title" = 'Harbour Landing Family Home' AND "location" = 'Regina, SK' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 43.646500, "lng" = -79.390000 WHERE "title" = 'Entertainment District Condo with CN Tower View' AND "location" = 'Toronto, ON' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 43.637900, "lng" = -79.421000 WHERE "title" = 'Liberty Village Studio Loft' AND "location" = 'Toronto, ON' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 43.662600, "lng" = -79.330000 WHERE "title" = 'Leslieville Semi-Detached House' AND "location" = 'Toronto, ON' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 43.670900, "lng" = -79.393300 WHERE "title" = 'Yorkville Luxury Penthouse' AND "location" = 'Toronto, ON' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 49.268400, "lng" = -123.168300 WHERE "title" = 'Kitsilano Garden Apartment' AND "location" = 'Vancouver, BC' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 49.260600, "lng" = -123.100800 WHERE "title" = 'Mount Pleasant Micro Studio' AND "location" = 'Vancouver, BC' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 49.290500, "lng" = -123.122000 WHERE "title" = 'Coal Harbour Waterfront Penthouse' AND "location" = 'Vancouver, BC' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 38.716670, "lng" = -9.133330 WHERE "title" = 'Alfama Apartment with River View' AND "location" = 'Lisbon, Portugal' AND "lat" IS NULL;
--> statement-breakpoint
UPDATE "properties" SET "lat" = 51.505400, "lng" = -0.023500 WHERE "title" = 'Canary Wharf Modern Condo' AND "location" = 'London, United Kingdom' AND "lat" IS NULL;
