/**
 * The container image and the compose stack, measured (docs/BENCHMARKS.md, "Containers"):
 *   node bench/containers/run.ts [--products 2000] [--workers 1,2] [--starts 3] [--skip-build]
 * - image size (podman's uncompressed size) and build time;
 * - cold start: `podman run` of the single-container mode on a new volume (the embedded
 *   database is created on it) until its HEALTHCHECK passes; and a restart on that volume;
 * - checks per second of compose.yaml's stack with 1, then 2 workers: `--products` products on
 *   the store stand-in inside the stack (tests/container/compose.test.yaml), all made due at
 *   once, timed until every one was checked.
 * Base images as in tests/container/run.ts (BUILD_IMAGE, RUNTIME_IMAGE, POSTGRES_IMAGE, else the
 * official ones if present, else tests/container/base-images.sh's stand-ins). Ports 5090-5092.
 * Ends with one JSON line.
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import {
  buildImage,
  chooseBaseImages,
  eventually,
  must,
  run,
  stack,
} from "../../tests/container/stack.ts";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "2000" },
    workers: { type: "string", default: "1,2" },
    starts: { type: "string", default: "3" },
    "skip-build": { type: "boolean", default: false },
  },
});
const products = Number(values.products);
const workerCounts = values.workers.split(",").map(Number);
const starts = Number(values.starts);
const image = "localhost/dropwave:bench";
const bases = chooseBaseImages();
if (!bases) {
  console.error("No base images (see tests/container/base-images.sh).");
  process.exit(1);
}
const result: Record<string, unknown> = {
  date: new Date().toISOString(),
  bases,
  loadBefore: loadavg().map((l) => l.toFixed(2)),
};

if (!values["skip-build"] || run("podman", ["image", "exists", image], { quiet: true }).status) {
  result.buildSeconds = Math.round(buildImage(image, bases));
}
const size = Number(
  must("podman", ["image", "inspect", "--format", "{{.Size}}", image], { quiet: true }).stdout,
);
result.imageMB = Math.round(size / 1e6);
console.log(`image ${image}: ${result.imageMB} MB`);

/** Polls the container's own HEALTHCHECK until it passes; ms since `since`. */
async function healthyAfter(name: string, since: number): Promise<number> {
  await eventually(
    `${name} healthy`,
    () =>
      run("podman", ["healthcheck", "run", name], { quiet: true }).status === 0 ? true : undefined,
    300_000,
  );
  return Math.round(performance.now() - since);
}

const cold: number[] = [];
const restart: number[] = [];
for (let i = 0; i < starts; i += 1) {
  const name = `dropwave-bench-start-${process.pid}-${i}`;
  const volume = `${name}-data`;
  run("podman", ["volume", "create", volume], { quiet: true });
  try {
    const t0 = performance.now();
    must(
      "podman",
      ["run", "-d", "--name", name, "-p", "127.0.0.1:5090:3000", "-v", `${volume}:/data`, image],
      {
        quiet: true,
      },
    );
    cold.push(await healthyAfter(name, t0));
    must("podman", ["stop", "-t", "30", name], { quiet: true });
    const t1 = performance.now();
    must("podman", ["start", name], { quiet: true });
    restart.push(await healthyAfter(name, t1));
  } finally {
    run("podman", ["rm", "-f", "-t", "5", name], { quiet: true });
    run("podman", ["volume", "rm", "-f", volume], { quiet: true });
  }
  console.log(`start ${i + 1}: cold ${cold.at(-1)} ms, restart ${restart.at(-1)} ms`);
}
result.coldStartMs = cold;
result.restartMs = restart;

const throughput: Record<string, unknown> = {};
for (const workers of workerCounts) {
  const project = `dwbench${process.pid}w${workers}`;
  const s = stack(
    project,
    {
      ...bases,
      DROPWAVE_IMAGE: image,
      DROPWAVE_WORKERS: String(workers),
      DROPWAVE_PORT: "5091",
      STORE_PORT: "5092",
      PUBLIC_URL: "http://127.0.0.1:5091",
      POSTGRES_PASSWORD: randomBytes(12).toString("hex"),
    },
    {
      LOG_LEVEL: "warn",
      FETCH_ALLOW_PRIVATE: "10.0.0.0/8,172.16.0.0/12",
      // One store host here; real ones are many: per-host politeness would measure only itself.
      FETCH_HOST_CONCURRENCY: "8",
      FETCH_HOST_SPACING_MS: "0",
    },
  );
  try {
    s.up();
    await s.waitHealthy("web");
    await s.waitHealthy("worker");
    s.psql(`
      insert into "user" (id, name, email) values ('bench', 'Bench', 'bench@example.test');
      insert into product (url_key, url, host, store, title, price_minor, currency, availability, next_check_at)
      select 'http://store:8080/p/b' || i, 'http://store:8080/p/b' || i, 'store', 'store', 'B' || i,
             1000, 'EUR', 'in_stock', now() + interval '1 day'
      from generate_series(1, ${products}) i;
      insert into watch (user_id, product_id, baseline_price_minor, baseline_currency)
      select 'bench', id, 1000, 'EUR' from product;`);
    const load = loadavg()[0]!.toFixed(2);
    const t0 = performance.now();
    s.psql("update product set next_check_at = now();");
    const since = new Date(Date.now() - 1_000).toISOString();
    await eventually(
      "every product checked",
      () => {
        const n = Number(
          s.psql(`select count(*) from product where last_checked_at >= '${since}'`),
        );
        return n >= products ? n : undefined;
      },
      1_800_000,
    );
    const seconds = (performance.now() - t0) / 1000;
    const failures = Number(s.psql("select count(*) from product where last_outcome <> 'ok'"));
    throughput[`workers${workers}`] = {
      checksPerSecond: Number((products / seconds).toFixed(1)),
      seconds: Number(seconds.toFixed(1)),
      failures,
      loadAtStart: load,
    };
    console.log(
      `${workers} worker(s): ${(products / seconds).toFixed(1)} checks/s (${seconds.toFixed(1)} s, ${failures} failures, load ${load})`,
    );
  } finally {
    s.down({ volumes: true });
  }
}
result.compose = throughput;
result.loadAfter = loadavg().map((l) => l.toFixed(2));
console.log(JSON.stringify(result));
