CREATE TABLE "commission_rules" (
	"kind" text PRIMARY KEY NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"min_cents" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_bounds" CHECK ("commission_rules"."percent" >= 0 and "commission_rules"."percent" <= 100 and "commission_rules"."min_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_payee_never_owes" CHECK ("ledger_accounts"."kind" = 'platform' or "ledger_accounts"."balance_cents" <= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"posting_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"booking_id" integer,
	"order_id" integer,
	"payout_id" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payee_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payout_runs_period_unique" UNIQUE("period")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer,
	"payee_kind" text NOT NULL,
	"payee_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"destination" text NOT NULL,
	"gateway_ref" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"provider_id" integer,
	"listing_kind" text NOT NULL,
	"listing_id" integer NOT NULL,
	"listing_name" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"items_cents" integer NOT NULL,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"service_fee_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"commission_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"commission_min_cents" integer DEFAULT 0 NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"net_refunded_cents" integer DEFAULT 0 NOT NULL,
	"commission_refunded_cents" integer DEFAULT 0 NOT NULL,
	"cancellation_fee_cents" integer DEFAULT 0 NOT NULL,
	"fulfilment_cents" integer DEFAULT 0 NOT NULL,
	"ends_on" date,
	"starts_on" date,
	"decline_reason" text,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_orders_amounts" CHECK ("provider_orders"."total_cents" = "provider_orders"."items_cents" + "provider_orders"."delivery_fee_cents" + "provider_orders"."service_fee_cents" + "provider_orders"."tax_cents" + "provider_orders"."tip_cents"
        and "provider_orders"."commission_cents" between 0 and "provider_orders"."items_cents"
        and "provider_orders"."refunded_cents" between 0 and "provider_orders"."total_cents"
        and "provider_orders"."net_refunded_cents" between 0 and "provider_orders"."items_cents" - "provider_orders"."commission_cents"
        and "provider_orders"."commission_refunded_cents" between 0 and "provider_orders"."commission_cents"
        and "provider_orders"."fulfilment_cents" >= 0
        and "provider_orders"."fulfilment_cents" + "provider_orders"."net_refunded_cents" <= "provider_orders"."items_cents" - "provider_orders"."commission_cents")
);
--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_orders" ADD CONSTRAINT "provider_orders_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_idx" ON "ledger_accounts" USING btree ("code","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_source_idx" ON "ledger_postings" USING btree ("source");--> statement-breakpoint
CREATE INDEX "ledger_postings_created_idx" ON "ledger_postings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_payee_idx" ON "payouts" USING btree ("payee_kind","payee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_orders_part_idx" ON "provider_orders" USING btree ("booking_id","listing_kind","listing_id");--> statement-breakpoint
CREATE INDEX "provider_orders_provider_idx" ON "provider_orders" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_orders_completed_idx" ON "provider_orders" USING btree ("provider_id","completed_at");--> statement-breakpoint
CREATE INDEX "booking_items_order_idx" ON "booking_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "payouts_settled_idx" ON "payouts" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "provider_orders_created_idx" ON "provider_orders" USING btree ("created_at");--> statement-breakpoint
-- Every entry moves its account's balance, in the entry's own statement (ADR 029).
CREATE FUNCTION "ledger_entry_applies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_accounts" SET "balance_cents" = "balance_cents" + NEW."amount_cents" WHERE "id" = NEW."account_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_apply" AFTER INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entry_applies"();
--> statement-breakpoint
-- A posting's entries sum to zero, checked when its transaction commits: an unbalanced posting rolls it back.
CREATE FUNCTION "ledger_posting_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum("amount_cents"), 0) FROM "ledger_entries" WHERE "posting_id" = NEW."posting_id") <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance', NEW."posting_id" USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balance" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_posting_balances"();
--> statement-breakpoint
-- Entries are never changed or removed: corrections are new postings.
CREATE FUNCTION "ledger_entries_are_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries cannot be changed or deleted' USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_final" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_are_final"();
--> statement-breakpoint
INSERT INTO "commission_rules" ("kind", "percent", "min_cents") VALUES
  ('restaurants', 15, 100), ('hotels', 12, 0), ('cars', 10, 0), ('properties', 10, 0), ('flights', 5, 0),
  ('taxi-rides', 20, 0), ('shipping-rates', 15, 0), ('general-services', 15, 0), ('additional-services', 15, 0)
ON CONFLICT DO NOTHING;
