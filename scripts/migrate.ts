import { databaseOptionsFromEnv, openDatabase } from "../core/db/client.ts";
import { migrateDatabase } from "../core/db/migrate.ts";
import { EnvError, getEnv } from "../core/env.ts";

// `npm run db:migrate`: bring the configured database up to date, then exit.
try {
  const env = getEnv();
  const database = await openDatabase(databaseOptionsFromEnv(env));
  await migrateDatabase(database);
  await database.close();
  console.log(`Migrated the ${database.kind} database.`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
