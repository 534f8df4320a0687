ALTER TABLE "cars" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD COLUMN "awaits_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD COLUMN "kitchen_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "general_services" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "general_services" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "category" text DEFAULT 'Mains' NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "available" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taxi_rides" ADD COLUMN "changed_by" integer;--> statement-breakpoint
ALTER TABLE "taxi_rides" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "general_services" ADD CONSTRAINT "general_services_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxi_rides" ADD CONSTRAINT "taxi_rides_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "restaurants" SET "image" = '/api/placeholder/400/300?kind=restaurant&subject=' || replace(replace(replace(replace(replace(cuisine, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';--> statement-breakpoint
UPDATE "hotels" SET "image" = '/api/placeholder/400/300?kind=hotel&subject=' || replace(replace(replace(replace(replace(star_rating || '-star hotel', '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';--> statement-breakpoint
UPDATE "flights" SET "image" = '/api/placeholder/400/300?kind=flight&subject=' || replace(replace(replace(replace(replace(airline, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';--> statement-breakpoint
UPDATE "cars" SET "image" = '/api/placeholder/400/300?kind=car&subject=' || replace(replace(replace(replace(replace(category, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';--> statement-breakpoint
UPDATE "properties" SET "image" = '/api/placeholder/400/300?kind=property&subject=' || replace(replace(replace(replace(replace(type, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';--> statement-breakpoint
UPDATE "shipping_rates" SET "image" = '/api/placeholder/400/300?kind=shipping&subject=' || replace(replace(replace(replace(replace(name, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';--> statement-breakpoint
UPDATE "taxi_rides" SET "image" = '/api/placeholder/400/300?kind=taxi&subject=' || replace(replace(replace(replace(replace(type, '%', '%25'), ' ', '%20'), '&', '%26'), '#', '%23'), '+', '%2B') WHERE "image" LIKE '/api/placeholder/%' AND "image" NOT LIKE '%kind=%';
