CREATE TABLE "alert_event_read" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_event_read_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"channel_id" uuid,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"first_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"is_digest" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_channel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"config" jsonb NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"pause_reason" text,
	"consecutive_permanent_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"is_account_email_enabled" boolean DEFAULT true NOT NULL,
	"quiet_start_minute" integer,
	"quiet_end_minute" integer,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"is_daily_digest" boolean DEFAULT false NOT NULL,
	"digest_minute" integer DEFAULT 480 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_channel" (
	"watch_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	CONSTRAINT "watch_channel_watch_id_channel_id_pk" PRIMARY KEY("watch_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "alert_event" ADD COLUMN "fanned_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_event_read" ADD CONSTRAINT "alert_event_read_event_id_alert_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alert_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_event_read" ADD CONSTRAINT "alert_event_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_event_id_alert_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alert_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_channel_id_notification_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_channel" ADD CONSTRAINT "notification_channel_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_channel" ADD CONSTRAINT "watch_channel_watch_id_watch_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_channel" ADD CONSTRAINT "watch_channel_channel_id_notification_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_event_channel_idx" ON "delivery" USING btree ("event_id","channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_event_account_email_idx" ON "delivery" USING btree ("event_id") WHERE "delivery"."channel_id" is null;--> statement-breakpoint
CREATE INDEX "delivery_due_idx" ON "delivery" USING btree ("next_attempt_at") WHERE "delivery"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "delivery_channel_idx" ON "delivery" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_channel_user_idx" ON "notification_channel" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_event_fanout_idx" ON "alert_event" USING btree ("created_at") WHERE "alert_event"."fanned_out_at" is null;