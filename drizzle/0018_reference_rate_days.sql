CREATE TABLE "reference_rate_day" (
	"day" date PRIMARY KEY NOT NULL,
	"per_eur" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
