// The container image's entry point runs this before the server when DATABASE_URL is set:
// waits until PostgreSQL accepts a connection (at most DATABASE_WAIT_SECONDS, default 60), so a
// stack started all at once (compose.yaml) does not lose its first start to a database that is
// still starting. Exit 0 once it answers, 1 when it never did.
import pg from "pg";

const url = process.env.DATABASE_URL;
const seconds = Number(process.env.DATABASE_WAIT_SECONDS || 60);
const deadline = Date.now() + seconds * 1_000;
let lastError = "";
while (url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    await client.end();
    process.exit(0);
  } catch (error) {
    await client.end().catch(() => {});
    if (error.message !== lastError) console.error(`waiting for the database: ${error.message}`);
    lastError = error.message;
  }
  if (Date.now() > deadline) {
    console.error(`The database did not answer within ${seconds} s.`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
