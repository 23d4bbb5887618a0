CREATE TABLE "fetch_host_gate" (
	"host" text PRIMARY KEY NOT NULL,
	"last_start_ms" bigint DEFAULT 0 NOT NULL,
	"not_before_ms" bigint DEFAULT 0 NOT NULL,
	"leases" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"watch_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"old_price_minor" bigint,
	"new_price_minor" bigint,
	"currency" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_observation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"price_minor" bigint,
	"currency" text,
	"availability" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"check_offsets" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url_key" text NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"store" text NOT NULL,
	"title" text,
	"image_url" text,
	"brand" text,
	"sku" text,
	"gtin" text,
	"canonical_url" text,
	"price_minor" bigint,
	"currency" text,
	"list_price_minor" bigint,
	"availability" text DEFAULT 'unknown' NOT NULL,
	"extract_status" text,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferred_candidate_key" text,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_outcome" text,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"check_interval_minutes" integer DEFAULT 360 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_price_nonneg" CHECK ("product"."price_minor" is null or "product"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "watch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"rule_kind" text DEFAULT 'any_drop' NOT NULL,
	"rule_amount_minor" bigint,
	"rule_currency" text,
	"rule_percent" double precision,
	"interval_minutes" integer DEFAULT 360 NOT NULL,
	"candidate_key" text,
	"is_paused" boolean DEFAULT false NOT NULL,
	"baseline_price_minor" bigint,
	"baseline_currency" text,
	"alert_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_event" ADD CONSTRAINT "alert_event_watch_id_watch_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_event" ADD CONSTRAINT "alert_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_event" ADD CONSTRAINT "alert_event_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_observation" ADD CONSTRAINT "price_observation_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch" ADD CONSTRAINT "watch_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch" ADD CONSTRAINT "watch_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_event_key_idx" ON "alert_event" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "alert_event_user_idx" ON "alert_event" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_event_watch_idx" ON "alert_event" USING btree ("watch_id","created_at");--> statement-breakpoint
CREATE INDEX "price_observation_product_idx" ON "price_observation" USING btree ("product_id","observed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_url_key_idx" ON "product" USING btree ("url_key");--> statement-breakpoint
CREATE INDEX "product_next_check_idx" ON "product" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_user_product_idx" ON "watch" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "watch_product_idx" ON "watch" USING btree ("product_id");