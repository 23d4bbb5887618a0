CREATE TABLE "store_recipe" (
	"host" text PRIMARY KEY NOT NULL,
	"recipe" jsonb NOT NULL,
	"product_id" uuid,
	"picked_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_token" ADD COLUMN "scope" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_observation" ADD COLUMN "source" text DEFAULT 'server' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "recipe" jsonb;--> statement-breakpoint
ALTER TABLE "watch" ADD COLUMN "recipe" jsonb;--> statement-breakpoint
ALTER TABLE "store_recipe" ADD CONSTRAINT "store_recipe_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_recipe" ADD CONSTRAINT "store_recipe_picked_by_user_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_observation" ADD CONSTRAINT "price_observation_source" CHECK ("price_observation"."source" in ('server', 'browser'));