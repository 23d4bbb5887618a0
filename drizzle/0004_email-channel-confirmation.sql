ALTER TABLE "notification_channel" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "notification_channel" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
ALTER TABLE "notification_channel" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_channel_confirmation_idx" ON "notification_channel" USING btree ("confirmation_token_hash");