import { defineConfig } from "drizzle-kit";

// One schema, one migration history, for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./core/db/schema/index.ts",
  out: "./drizzle",
});
