import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppServices } from "../app/context.ts";
import { type RunningWorker, startWorker } from "../core/checks/worker.ts";
import { type Database, databaseOptionsFromEnv, openDatabase } from "../core/db/client.ts";
import { migrateDatabase } from "../core/db/migrate.ts";
import { type Env, EnvError, getEnv } from "../core/env.ts";
import { createExtractPool, type Extractor, type ExtractPool } from "../core/extract-pool/index.ts";
import { createRateStore } from "../core/groups/rate-days.ts";
import { createRateSource } from "../core/groups/rate-source.ts";
import { createLogger, isPrettyTerminal, type Logger, startupMessage } from "../core/log.ts";
import { type RunningDeliveryWorker, startDeliveryWorker } from "../core/notify/delivery-worker.ts";
import { receiverCaps } from "../core/notify/receiver.ts";
import { UNSUBSCRIBE_SECRET_KEY } from "../core/notify/unsubscribe.ts";
import { getVapidKeys, vapidSubject } from "../core/notify/vapid-keys.ts";
import { getInstanceSecret } from "../core/settings/instance-secret.ts";
import { startWorkerPresence, type WorkerPresence } from "../core/worker-presence.ts";
import packageJson from "../package.json" with { type: "json" };
import { createApp, type HonoEnv, type PageHandler } from "./app.ts";
import { precompressedAssets } from "./compression.ts";
import { extractPoolSize } from "./extract-pool-size.ts";
import { applyHeapFlags, heapFlagsFor } from "./heap-tuning.ts";
import { createFetcherFromEnv, createServices, processMailer } from "./services.ts";

/**
 * The server bundle's entry (vite.config.ts): one module graph holds Hono, the API and
 * React Router, so a process has one copy of each module and of each singleton.
 */

function pageHandler(mode: "production" | "development"): PageHandler {
  const handle = createRequestHandler(
    () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
    mode,
  );
  return (request, context) => handle(request, context);
}

function readEnvOrExit(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function openServices(
  env: Env,
  log: Logger,
  extract: Extractor,
): Promise<{ services: AppServices; presence: WorkerPresence | undefined }> {
  const database: Database = await openDatabase(databaseOptionsFromEnv(env));
  await migrateDatabase(database);
  log.debug({ database: database.kind }, "database ready");
  const presence = await startPresence(database, log);
  const services = await createServices({
    env,
    log,
    database,
    extract,
    processName: presence?.name,
  });
  return { services, presence };
}

/**
 * On PostgreSQL, this process's life as the database sees it: when it dies, the others free
 * its claims and host slots within seconds (core/worker-presence.ts). PGlite is one process.
 */
function startPresence(database: Database, log: Logger): Promise<WorkerPresence | undefined> {
  return database.kind === "postgres"
    ? startWorkerPresence({ database, log })
    : Promise.resolve(undefined);
}

/** The process's one extraction pool, shared by the check worker and the previews. */
function startExtractPool(env: Env, log: Logger): ExtractPool {
  const pool = createExtractPool({
    ...extractPoolSize(env),
    log: log.child({ module: "extract-pool" }),
  });
  log.debug(pool.stats(), "extraction pool started");
  return pool;
}

export type Role = "all" | "web" | "worker";

export type Running = {
  role: Role;
  /** The HTTP server; absent for `--role=worker`. */
  server: Server | undefined;
  services: AppServices | undefined;
  /** This process's registration on PostgreSQL (absent on PGlite). */
  presence: WorkerPresence | undefined;
  worker: RunningWorker | undefined;
  /** Sends alert deliveries (roles all and worker). */
  delivery: RunningDeliveryWorker | undefined;
  stop(): Promise<void>;
};

/** `--role=web|worker|all` from the command line (default all); exits on anything else. */
export function readRole(argv: readonly string[], env: Env): Role {
  const arg = argv.find((a) => a.startsWith("--role="));
  const role = arg ? arg.slice("--role=".length) : "all";
  if (role !== "all" && role !== "web" && role !== "worker") {
    console.error(`--role must be web, worker or all (got "${role}").`);
    process.exit(1);
  }
  if (role !== "all" && !env.DATABASE_URL) {
    console.error(
      `--role=${role} needs DATABASE_URL: the embedded database (PGlite) serves one process, ` +
        "so web and worker can only run apart on PostgreSQL. Run `npm start` without --role.",
    );
    process.exit(1);
  }
  return role;
}

/**
 * `npm start`: migrate, then serve pages and the API on HOST:PORT and run the check worker
 * and the delivery worker (role all); `--role=web` serves only, `--role=worker` checks and
 * delivers only (no HTTP).
 */
export async function start(argv: readonly string[] = process.argv): Promise<Running> {
  const env = readEnvOrExit();
  const role = readRole(argv, env);
  // Before the extraction threads start: they take the process's V8 flags when they are made.
  applyHeapFlags(heapFlagsFor(env, role));
  const log = createLogger({ level: env.LOG_LEVEL, pretty: isPrettyTerminal(process.stdout) });
  let server: Server | undefined;
  let services: AppServices | undefined;
  let database: Database;
  let fetcher: AppServices["fetcher"];
  let presence: WorkerPresence | undefined;
  const extractPool = startExtractPool(env, log);
  if (role === "worker") {
    database = await openDatabase(databaseOptionsFromEnv(env));
    await migrateDatabase(database);
    log.info({ database: database.kind, role }, "database ready");
    presence = await startPresence(database, log);
    fetcher = createFetcherFromEnv(env, database, log, packageJson.version, presence?.name);
  } else {
    ({ services, presence } = await openServices(env, log, extractPool.extract));
    database = services.database;
    fetcher = services.fetcher;
    const app = createApp(services, {
      pageHandler: pageHandler("production"),
      staticAssets: serveBuiltAssets,
      latestJsonFile: path.resolve(env.LATEST_JSON_PATH),
    });
    server = await listen(app, env, log);
  }
  const worker =
    role === "web"
      ? undefined
      : startWorker({
          database,
          fetcher,
          extract: extractPool.extract,
          log,
          rates: createRateSource({
            fetcher,
            url: env.REFERENCE_RATES_URL,
            log: log.child({ module: "rates" }),
            store: createRateStore(database.sql),
          }),
          concurrency: Math.max(4, env.FETCH_HOST_CONCURRENCY * 4),
          workerId: presence?.name,
        });
  const delivery =
    role === "web"
      ? undefined
      : startDeliveryWorker(
          {
            database,
            fetcher,
            mailer: services?.mailer ?? processMailer(env, database, log),
            log,
            liveness: presence,
            publicUrl: env.PUBLIC_URL,
            receiverCaps: receiverCaps({
              perMinute: env.RECEIVER_MAX_PER_MINUTE,
              perHour: env.RECEIVER_MAX_PER_HOUR,
            }),
            unsubscribeSecret: await getInstanceSecret(database.db, UNSUBSCRIBE_SECRET_KEY),
            vapid: await getVapidKeys(
              database.db,
              vapidSubject({ publicUrl: env.PUBLIC_URL, mailFrom: env.MAIL_FROM }),
            ),
          },
          { workerId: presence?.name },
        );
  // The web roles end start-up with the "ready at PUBLIC_URL" line; a worker-only process says
  // here that it runs (the workers' own start lines are debug: #39 item 0).
  if (role === "worker") log.info({ role }, "checking products and delivering alerts");
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      log.info("shutting down");
      if (server) {
        const closing = server;
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
      await Promise.all([worker?.stop(), delivery?.stop()]);
      await presence?.stop();
      await fetcher.close();
      await extractPool.close();
      await database.close();
    })();
    return stopping;
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  if (services) {
    // Last, once the workers run and Ctrl-C stops everything cleanly: the address to open is
    // PUBLIC_URL (where sign-in works), and "sign in" once anyone has an account (#39 item 0).
    log.info(
      startupMessage(env.PUBLIC_URL, {
        isSignupDisabled: env.DISABLE_SIGNUP,
        hasAccounts: await hasAccounts(services.database),
      }),
    );
  }
  return { role, server, services, presence, worker, delivery, stop };
}

function listen(app: Hono<HonoEnv>, env: Env, log: Logger): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
      // The socket's address is for debugging; people are given PUBLIC_URL (start's last line).
      log.debug({ listening: `${info.address}:${info.port}` }, "listening");
      resolve(server as Server);
    }) as Server;
    server.once("error", reject);
  });
}

/** Whether anyone has an account yet (the start-up line says "sign in" then). */
async function hasAccounts(database: Database): Promise<boolean> {
  const { rows } = await database.sql.query<{ found: boolean }>(
    'select exists (select 1 from "user") as found',
  );
  return rows[0]?.found === true;
}

function serveBuiltAssets(app: Hono<HonoEnv>): void {
  // The .br/.gz files written at build, for browsers that take them (server/compression.ts).
  app.use(
    "*",
    // Vendored files carry their version in the name (public/vendor/), like hashed assets.
    precompressedAssets({ root: "./build/client", immutablePrefixes: ["/assets/", "/vendor/"] }),
  );
  app.use(
    "/assets/*",
    serveStatic({
      root: "./build/client",
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("*", serveStatic({ root: "./build/client" }));
}

/** Development: one set of services for the life of the dev server, a fresh app per edit. */
export async function createDevApp(): Promise<Hono<HonoEnv>> {
  const holder = globalThis as { __dropwaveServices?: Promise<AppServices> };
  holder.__dropwaveServices ??= (async () => {
    const env = readEnvOrExit();
    const log = createLogger({ level: env.LOG_LEVEL, pretty: true });
    return (await openServices(env, log, startExtractPool(env, log).extract)).services;
  })();
  return createApp(await holder.__dropwaveServices, {
    pageHandler: pageHandler("development"),
    isDevelopment: true,
  });
}
