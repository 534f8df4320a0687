DROP INDEX "chat_messages_conversation_idx";--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "kind" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "topic_key" text;--> statement-breakpoint
UPDATE "chat_conversations" SET "topic_key" = 'legacy:' || "id" WHERE "topic_key" IS NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ALTER COLUMN "topic_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "customer_read_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "provider_read_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_message_id" text;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_topic_idx" ON "chat_conversations" USING btree ("topic_key");--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_provider_idx" ON "chat_conversations" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("sender_id","client_message_id");--> statement-breakpoint
CREATE INDEX "chat_messages_sender_time_idx" ON "chat_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");