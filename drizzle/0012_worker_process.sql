CREATE TABLE "worker_process" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"backend_pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
