-- 0014_payment_claims (issue 31, ADR 035): a payment is claimed (a 'processing' row) before the gateway is called
-- outside any transaction, then recorded; the claim keeps what repeating the charge needs, and one claim per booking
-- at a time is the database's rule.
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "intent_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_processing_idx" ON "payments" USING btree ("booking_id") WHERE "payments"."status" = 'processing';