ALTER TABLE "price_observation" ADD COLUMN "shipping_cost_minor" bigint;--> statement-breakpoint
ALTER TABLE "price_observation" ADD COLUMN "shipping_free_above_minor" bigint;--> statement-breakpoint
ALTER TABLE "price_observation" ADD COLUMN "unit_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "price_observation" ADD COLUMN "unit_price_quantity" double precision;--> statement-breakpoint
ALTER TABLE "price_observation" ADD COLUMN "unit_price_unit" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "shipping_cost_minor" bigint;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "shipping_free_above_minor" bigint;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "unit_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "unit_price_quantity" double precision;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "unit_price_unit" text;