/**
 * The container test: `node tests/container/run.ts` (npm test runs it when podman is present).
 * Builds the image from the Dockerfile, brings up compose.yaml with two workers (and a store
 * stand-in, compose.test.yaml), tracks a product through the API, sees a worker check it and
 * record an alert, stops a worker while checks run (nothing held, nothing half-written),
 * restarts the whole stack and finds everything still there, backs the database up and
 * restores it into a new stack, then tears everything down.
 *
 * Exit 0: passed. Exit 1: failed. Exit 2: skipped, with the reason on the last line (no podman,
 * no podman-compose, or no base images: see tests/container/base-images.sh).
 * Ports: CONTAINER_TEST_PORT (default 5080) for the web role, +1 for the store's control.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  buildImage,
  chooseBaseImages,
  eventually,
  hasCommand,
  must,
  ROOT,
  type Stack,
  signUp,
  stack,
  waitReachable,
} from "./stack.ts";

function skip(reason: string): never {
  console.log(`container test skipped: ${reason}`);
  process.exit(2);
}

if (!hasCommand("podman")) skip("podman is not installed (apt-get install -y podman runc)");
if (!hasCommand("podman-compose"))
  skip("podman-compose is not installed (apt-get install -y podman-compose)");
const bases = chooseBaseImages();
if (!bases) {
  skip(
    "no base images: none of node:24-bookworm-slim, debian:bookworm-slim and postgres:17 is " +
      "present, nor the local stand-ins; pull those, or make the stand-ins once with " +
      "tests/container/base-images.sh (debootstrap, a few minutes)",
  );
}

const port = Number(process.env.CONTAINER_TEST_PORT ?? 5080);
const origin = `http://127.0.0.1:${port}`;
const storeControl = `http://127.0.0.1:${port + 1}`;
const image = "localhost/dropwave:container-test";
const steps: string[] = [];
const step = (text: string) => {
  steps.push(text);
  console.log(`── ${text}`);
};

const composeEnv = {
  ...bases,
  DROPWAVE_IMAGE: image,
  DROPWAVE_WORKERS: "2",
  DROPWAVE_PORT: String(port),
  STORE_PORT: String(port + 1),
  PUBLIC_URL: origin,
  POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
};
const settings = {
  LOG_LEVEL: "warn",
  // The store stand-in is a container on the stack's own network (podman: 10.88–10.89.x).
  FETCH_ALLOW_PRIVATE: "10.0.0.0/8,172.16.0.0/12",
};

type Watch = { id: string; productId: string; price: { amountMinor: number } | null };
type History = { points: unknown[] };
type Feed = { items: Array<{ kind: string; watchId?: string }> };

const stacks: Stack[] = [];
const backups = mkdtempSync(path.join(tmpdir(), "dropwave-container-backup-"));
let failed = false;
try {
  step(`building the image (${bases.BUILD_IMAGE} → ${bases.RUNTIME_IMAGE})`);
  const buildSeconds = buildImage(image, bases);
  console.log(`   built in ${buildSeconds.toFixed(0)} s`);

  const first = stack(`dwtest${process.pid}`, composeEnv, settings);
  stacks.push(first);
  first.down({ volumes: true }); // a leftover of an interrupted run of the same pid
  step("compose up: postgres, web, two workers, the store stand-in");
  first.up();
  const webMs = await first.waitHealthy("web");
  await waitReachable(`${origin}/api/health`);
  const workers = first.containers("worker");
  if (workers.length !== 2) throw new Error(`expected 2 workers, found ${workers.join(", ")}`);
  await first.waitHealthy("worker");
  console.log(`   web healthy after ${webMs} ms; workers ${workers.join(", ")} healthy`);

  step("sign up and track a product at http://store:8080/p/kettle (10.00 EUR)");
  const api = await signUp(origin, "containers@example.test");
  const created = await api<{ watch: Watch }>("POST", "/watches", {
    url: "http://store:8080/p/kettle",
    rule: { kind: "any_drop" },
  });
  const watchId = created.watch.id;
  if (created.watch.price?.amountMinor !== 1000) {
    throw new Error(`preview read ${JSON.stringify(created.watch.price)}, not 10.00`);
  }

  step("the price drops to 9.00; check now: a worker checks and records the alert");
  await fetch(`${storeControl}/price/kettle?value=9.00`, { method: "PUT" });
  await api("POST", `/watches/${watchId}/check`);
  const feed = await eventually("an alert in the feed", async () => {
    const answer = await api<Feed>("GET", "/notifications");
    return answer.items.length > 0 ? answer : undefined;
  });
  const history = await api<History>("GET", `/watches/${watchId}/history`);
  if (history.points.length < 2) throw new Error(`history has ${history.points.length} points`);
  const watch = (await api<{ watch: Watch }>("GET", `/watches/${watchId}`)).watch;
  if (watch.price?.amountMinor !== 900) throw new Error(`price is ${JSON.stringify(watch.price)}`);
  const checkedBy = first.psql(
    "select count(*) from alert_event; select count(*) from product where lease_owner is not null;",
  );
  console.log(
    `   alert recorded (${feed.items[0]?.kind}); events, leases held: ${checkedBy.replace(/\n/g, ", ")}`,
  );

  step(
    "stop a worker while 40 checks run (SIGTERM): it exits 0, holds nothing, half-writes nothing",
  );
  const productIds = first
    .psql(`
      insert into product (url_key, url, host, store, title, price_minor, currency, availability, next_check_at)
      select 'http://store:8080/p/stop-' || i, 'http://store:8080/p/stop-' || i, 'store', 'store', 'Stop ' || i,
             1000, 'EUR', 'in_stock', now() + interval '1 day'
      from generate_series(1, 40) i returning id;`)
    .split("\n");
  first.psql(`
    insert into watch (user_id, product_id, baseline_price_minor, baseline_currency)
    select (select id from "user" limit 1), id, 1000, 'EUR' from product where url like 'http://store:8080/p/stop-%';
    update product set next_check_at = now() where url like 'http://store:8080/p/stop-%';`);
  const [victim, survivor] = workers as [string, string];
  must("podman", ["stop", "-t", "60", survivor], { quiet: true }); // one worker, so it is busy
  await eventually("checks under way", () => {
    const n = Number(
      first.psql(
        "select count(*) from product where url like 'http://store:8080/p/stop-%' and lease_owner is not null",
      ),
    );
    return n > 0 ? n : undefined;
  });
  must("podman", ["stop", "-t", "60", victim], { quiet: true });
  const exitCode = must("podman", ["inspect", "--format", "{{.State.ExitCode}}", victim], {
    quiet: true,
  }).stdout.trim();
  const afterStop = first.psql(`
    select count(*) filter (where lease_owner is not null) || ' ' ||
           count(*) filter (where last_checked_at is not null) || ' ' ||
           count(*) filter (where last_checked_at is not null and not exists (
             select 1 from price_observation o where o.product_id = product.id))
    from product where url like 'http://store:8080/p/stop-%';`);
  const [held, checkedAtStop, halfWritten] = afterStop.split(" ").map(Number);
  console.log(
    `   exit ${exitCode}; leases held ${held}; checked ${checkedAtStop}/40; checked without history ${halfWritten}`,
  );
  if (exitCode !== "0" || held !== 0 || halfWritten !== 0)
    throw new Error("the worker did not stop cleanly");
  if (productIds.length !== 40) throw new Error("seeding the stop test failed");

  step("restart the whole stack: everything is still there, and the rest gets checked");
  first.compose(["down"]);
  first.up();
  await first.waitHealthy("web");
  await waitReachable(`${origin}/api/health`);
  const again = (await api<{ watch: Watch }>("GET", `/watches/${watchId}`)).watch;
  const againHistory = await api<History>("GET", `/watches/${watchId}/history`);
  const againFeed = await api<Feed>("GET", "/notifications");
  if (again.price?.amountMinor !== 900 || againHistory.points.length !== history.points.length) {
    throw new Error("the watch or its history changed across the restart");
  }
  if (againFeed.items.length !== feed.items.length)
    throw new Error("the alert is gone after the restart");
  await eventually(
    "the 40 products all checked",
    () => {
      const n = Number(
        first.psql(
          "select count(*) from product where url like 'http://store:8080/p/stop-%' and last_checked_at is not null",
        ),
      );
      return n === 40 ? n : undefined;
    },
    180_000,
  );

  step("back up PostgreSQL with pg_dump in its container; restore into a new, empty stack");
  const [postgres] = first.containers("postgres");
  const dumpFile = path.join(backups, "dropwave.pgdump");
  must("sh", ["-c", `podman exec ${postgres} pg_dump -Fc -U dropwave dropwave > ${dumpFile}`], {
    quiet: true,
  });
  first.down({ volumes: true });
  const second = stack(`dwtest${process.pid}b`, composeEnv, settings);
  stacks.push(second);
  second.up(["postgres"]);
  await second.waitHealthy("postgres");
  const [newPostgres] = second.containers("postgres");
  must(
    "sh",
    [
      "-c",
      `podman exec -i ${newPostgres} pg_restore --no-owner --single-transaction --exit-on-error -U dropwave -d dropwave < ${dumpFile}`,
    ],
    { quiet: true },
  );
  second.up();
  await second.waitHealthy("web");
  await waitReachable(`${origin}/api/health`);
  const restored = (await api<{ watch: Watch }>("GET", `/watches/${watchId}`)).watch; // the same session cookie
  const restoredFeed = await api<Feed>("GET", "/notifications");
  if (restored.price?.amountMinor !== 900 || restoredFeed.items.length !== feed.items.length) {
    throw new Error("the restored stack lacks the watch or its alert");
  }
  console.log("   the restored stack has the account, the watch, its history and its alert");
} catch (error) {
  failed = true;
  console.error(`container test FAILED at "${steps.at(-1)}": ${(error as Error).stack ?? error}`);
  for (const s of stacks) {
    for (const service of ["web", "worker"]) {
      for (const name of s.containers(service)) {
        console.error(`── last log lines of ${name}`);
        const logs = must("podman", ["logs", "--tail", "30", name], { quiet: true });
        console.error(logs.stdout + logs.stderr);
      }
    }
  }
} finally {
  step("tear down");
  for (const s of stacks) s.down({ volumes: true });
  rmSync(backups, { recursive: true, force: true });
}
console.log(failed ? "container test: 0 passed, 1 failed" : "container test: 1 passed, 0 failed");
console.log(`(${ROOT})`);
process.exit(failed ? 1 : 0);
