ALTER TABLE "watch" ADD COLUMN "rule_days" integer;--> statement-breakpoint
ALTER TABLE "watch" ADD COLUMN "snoozed_until" timestamp with time zone;