import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppServices } from "../app/context.ts";
import { type Database, databaseOptionsFromEnv, openDatabase } from "../core/db/client.ts";
import { migrateDatabase } from "../core/db/migrate.ts";
import { type Env, EnvError, getEnv } from "../core/env.ts";
import { createLogger, type Logger } from "../core/log.ts";
import { createApp, type HonoEnv, type PageHandler } from "./app.ts";
import { createServices } from "./services.ts";

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

async function openServices(env: Env, log: Logger): Promise<AppServices> {
  const database: Database = await openDatabase(databaseOptionsFromEnv(env));
  await migrateDatabase(database);
  log.info({ database: database.kind }, "database ready");
  return createServices({ env, log, database });
}

export type Running = { server: Server; services: AppServices; stop(): Promise<void> };

/** `npm start`: migrate, then serve pages and the API on HOST:PORT. */
export async function start(): Promise<Running> {
  const env = readEnvOrExit();
  const log = createLogger({ level: env.LOG_LEVEL });
  const services = await openServices(env, log);
  const app = createApp(services, {
    pageHandler: pageHandler("production"),
    staticAssets: serveBuiltAssets,
  });
  const server = await listen(app, env, log);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      log.info("shutting down");
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.fetcher.close();
      await services.database.close();
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
  return { server, services, stop };
}

function listen(app: Hono<HonoEnv>, env: Env, log: Logger): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
      log.info(
        { url: `http://${info.address}:${info.port}`, publicUrl: env.PUBLIC_URL },
        "listening",
      );
      resolve(server as Server);
    }) as Server;
    server.once("error", reject);
  });
}

function serveBuiltAssets(app: Hono<HonoEnv>): void {
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
    return openServices(env, createLogger({ level: env.LOG_LEVEL, pretty: true }));
  })();
  return createApp(await holder.__dropwaveServices, { pageHandler: pageHandler("development") });
}
