CREATE TABLE "watch_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"target_minor" bigint,
	"target_currency" text,
	"is_target_met" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "watch_group" ADD CONSTRAINT "watch_group_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_group_user_idx" ON "watch_group" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "watch" ADD CONSTRAINT "watch_group_id_watch_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."watch_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_group_idx" ON "watch" USING btree ("group_id") WHERE "watch"."group_id" is not null;