import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import routeTable from "../app/routes.ts";
import { setupTestDatabase } from "../tests/helpers/db.ts";
import { setupPageRoutes } from "../tests/helpers/page-routes.ts";
import { consoleError, expectConsoleError } from "../tests/setup/console-error.ts";

/**
 * Every route walked with bad inputs (#35, "so that this class stays closed"), on whichever
 * database the run uses (PGlite, and PostgreSQL with DATABASE_URL): the API's operations as
 * the OpenAPI document lists them, and the pages (loaders and forms) as the route table lists
 * them, so a new route is walked without anyone adding it here. Every answer must be below 500;
 * a refused request (4xx) must write no row; someone else's id must leave their rows as they
 * were.
 */
const database = setupTestDatabase();
const pages = setupPageRoutes();

/** Tables whose rows a refused request must not add to or take from (counters excluded). */
const DATA_TABLES = [
  "user",
  "account",
  "session",
  "verification",
  "api_token",
  "notification_channel",
  "notification_settings",
  "delivery",
  "watch_channel",
  "alert_event",
  "alert_event_read",
  "test_alert",
  "product",
  "watch",
  "watch_group",
  "price_observation",
  "store_recipe",
  "account_plan",
];

const UUID = "00000000-0000-4000-8000-000000000000";
/** A lone surrogate, as JSON text (JSON.stringify would not write one). */
const LONE_SURROGATE = '"\\ud800"';
const HUGE = "x".repeat(100_000);

type Request = Awaited<ReturnType<typeof setUp>>["request"];
type Case = {
  label: string;
  method: string;
  path: string;
  rawBody?: string;
  contentType?: string;
  auth?: Record<string, string>;
  cookie?: string;
  /** Someone else's resource: their rows must be unchanged. */
  isOthers?: boolean;
};

async function setUp() {
  const { request, services } = await pages.testApp.createTestApp(database.current, {
    pageHandler: pages.pageHandler,
  });
  const alice = await pages.testApp.createPerson(request);
  const bob = await pages.testApp.createPerson(request);
  const reading = {
    title: "Lamp",
    imageUrl: null,
    price: { amountMinor: 1000, currency: "USD" },
    availability: "in_stock",
  };
  const made = async (path: string, body: unknown) => {
    const answer = await request(path, { body, headers: bob.auth });
    expect(answer.status, path).toBeLessThan(300);
    return (await answer.json()) as Record<string, { id: string }>;
  };
  const bobWatch = (
    await made("/api/v1/extension/watches", { url: "https://shop.example/w", reading })
  ).watch!.id;
  const bobChannel = (
    await made("/api/v1/channels", { config: { type: "email", address: bob.email } })
  ).channel!.id;
  const bobGroup = (await made("/api/v1/groups", { name: "Bob's", watchIds: [bobWatch] })).group
    ?.id;
  const tokens = (await (await request("/api/v1/tokens", { headers: bob.auth })).json()) as {
    tokens: { id: string }[];
  };
  const others: Record<string, string | undefined> = {
    watches: bobWatch,
    "extension/watches": bobWatch,
    channels: bobChannel,
    groups: bobGroup,
    tokens: tokens.tokens[0]?.id,
    watch: bobWatch,
    group: bobGroup,
  };
  const db = services.database.db;
  const counts = async () => {
    const select = DATA_TABLES.map((t) => `(select count(*) from "${t}")::int as "${t}"`).join(
      ", ",
    );
    const result = await db.execute(sql.raw(`select ${select}`));
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
  };
  const bobsRows = async () => {
    const result = await db.execute(
      sql`select
        (select json_agg(w order by w.id) from watch w where w.user_id = ${bobUserId(bob.email)}) as watches,
        (select json_agg(c order by c.id) from notification_channel c where c.user_id = ${bobUserId(bob.email)}) as channels,
        (select json_agg(g order by g.id) from watch_group g where g.user_id = ${bobUserId(bob.email)}) as groups,
        (select json_agg(t.id order by t.id) from api_token t where t.user_id = ${bobUserId(bob.email)}) as tokens`,
    );
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
  };
  return { request, alice, bob, others, counts, bobsRows, auth: services.auth };
}

/** Bob's id, read where the rows are (a sub-select, so the walk needs no id of its own). */
function bobUserId(email: string) {
  return sql`(select id from "user" where email = ${email})`;
}

/** Values for one field that no schema should take (and some that it may). */
function badValues(): Array<[string, string]> {
  return [
    ["a number", "12345"],
    ["NUL", JSON.stringify("\u0000")],
    ["a lone surrogate", LONE_SURROGATE],
    ["a huge string", JSON.stringify(HUGE)],
    ["null", "null"],
    ["an object", '{"$ne":1}'],
    ["an array", "[]"],
    ["not a UUID", '"x"'],
  ];
}

/** Path parameter values: not an id, a NUL, broken UTF-8, an id nobody has, someone else's. */
function pathValues(segment: string, others: Record<string, string | undefined>) {
  const values: Array<[string, string, boolean]> = [
    ["x", "x", false],
    ["%00", "%00", false],
    ["broken UTF-8", "%ED%A0%80", false],
    ["an unknown UUID", UUID, false],
  ];
  const theirs = others[segment];
  if (theirs) values.push(["someone else's", theirs, true]);
  return values;
}

async function apiCases(request: Request, setup: Awaited<ReturnType<typeof setUp>>) {
  const doc = (await (await request("/api/v1/openapi.json")).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
        }
      >
    >;
  };
  const cases: Case[] = [];
  const auth = setup.alice.auth;
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const verb = method.toUpperCase();
      // Paths: each parameter given each bad value (the others a valid unknown UUID).
      const params = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
      const before = template.split("/{")[0]?.replace(/^\//, "") ?? "";
      const concrete = (value: string) => `/api/v1${template.replace(/\{\w+\}/g, value)}`;
      const paths: Array<[string, string, boolean]> =
        params.length === 0
          ? [["", concrete(""), false]]
          : pathValues(before, setup.others).map(([label, value, isOthers]) => [
              `id ${label}`,
              concrete(value),
              isOthers,
            ]);
      for (const [label, path, isOthers] of paths) {
        cases.push({ label: `${verb} ${template} ${label}`, method: verb, path, auth, isOthers });
        // Without credentials: 401 unless public.
        cases.push({ label: `${verb} ${template} ${label} signed out`, method: verb, path });
      }
      const target = paths[0]?.[1] ?? concrete(UUID);
      // Queries: each declared one given bad values, and given twice.
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== "query") continue;
        for (const value of ["%00", "%ED%A0%80", "x".repeat(5_000), "-1", "1e309"]) {
          cases.push({
            label: `${verb} ${template} ?${parameter.name}=${value.slice(0, 12)}`,
            method: verb,
            path: `${target}?${parameter.name}=${value}`,
            auth,
          });
        }
        cases.push({
          label: `${verb} ${template} ?${parameter.name} twice`,
          method: verb,
          path: `${target}?${parameter.name}=a&${parameter.name}=b`,
          auth,
        });
      }
      // Bodies: not JSON, JSON of the wrong shape, each field bad, extra fields, wrong types.
      if (verb === "GET" || verb === "DELETE") continue;
      const bodyPaths = paths.map(([, path, isOthers]) => [path, isOthers] as const);
      const properties = Object.keys(
        operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {},
      );
      const bodies: Array<[string, string, string]> = [
        ["not JSON", "{", "application/json"],
        ["an array", "[]", "application/json"],
        ["null", "null", "application/json"],
        ["a string", '"x"', "application/json"],
        ["empty object", "{}", "application/json"],
        ["an unknown field", '{"unexpected":true,"__proto__":{"x":1}}', "application/json"],
        ["text", "a=b", "text/plain"],
        ["broken multipart", "--x\r\ngarbage", "multipart/form-data; boundary=x"],
      ];
      for (const property of properties) {
        for (const [label, value] of badValues()) {
          bodies.push([`${property} ${label}`, `{"${property}":${value}}`, "application/json"]);
        }
      }
      for (const [path, isOthers] of bodyPaths.slice(0, 1).concat(bodyPaths.filter(([, o]) => o))) {
        for (const [label, rawBody, contentType] of bodies) {
          cases.push({
            label: `${verb} ${template} body ${label}${isOthers ? " (someone else's)" : ""}`,
            method: verb,
            path,
            rawBody,
            contentType,
            auth,
            isOthers,
          });
        }
      }
    }
  }
  return cases;
}

/**
 * The intents and field names a page's module reads, found in its source (and in the folder of
 * the same name beside it, where a page keeps its parts).
 */
function formVocabulary(file: string) {
  const routes = path.resolve("app");
  const main = path.join(routes, file);
  const folder = main.replace(/\.tsx?$/, "");
  let parts: string[] = [];
  try {
    parts = (readdirSync(folder, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
      .map((f) => path.join(folder, f));
  } catch {
    parts = [];
  }
  const intents = new Set<string>();
  const fields = new Set<string>(["id"]);
  for (const text of [main, ...parts].map((f) => readFileSync(f, "utf8"))) {
    for (const m of text.matchAll(/(?:intent\s*===\s*|case\s+)"([a-z][a-z-]*)"/g)) {
      intents.add(m[1] ?? "");
    }
    for (const m of text.matchAll(/\.get\("([a-zA-Z]+)"\)/g)) fields.add(m[1] ?? "");
  }
  fields.delete("intent");
  return { intents: [...intents], fields: [...fields] };
}

/** Every path of the route table, parameters filled with each bad value, its forms filled badly. */
function pageCases(setup: Awaited<ReturnType<typeof setUp>>): Case[] {
  const cases: Case[] = [];
  const routes = (routeTable as Array<{ path?: string; index?: boolean; file: string }>).map(
    (r) => ({ template: r.index ? "/" : `/${r.path ?? ""}`, file: r.file }),
  );
  for (const { template, file } of routes) {
    if (template === "/*") continue;
    const { intents, fields } = formVocabulary(file);
    const segment = template.split("/")[1] ?? "";
    const params = [...template.matchAll(/:(\w+)/g)];
    const filled =
      params.length === 0
        ? [["", template, false] as const]
        : pathValues(segment, setup.others).map(
            ([label, value, isOthers]) =>
              [label, template.replace(/:\w+/g, value), isOthers] as const,
          );
    for (const [label, path, isOthers] of filled) {
      for (const [who, cookie] of [
        ["signed in", setup.alice.cookie],
        ["signed out", undefined],
      ] as const) {
        cases.push({
          label: `GET ${template} ${label} ${who}`,
          method: "GET",
          path: `${path}?q=%00&redirect=%00&sort=%ED%A0%80&view=x&cursor=%00`,
          ...(cookie ? { cookie } : {}),
          isOthers,
        });
      }
    }
    // Forms: at the first path, and at someone else's resource.
    const formPaths = filled.filter(([, , isOthers], i) => i === 0 || isOthers);
    const forms: Array<[string, string]> = [["an empty form", ""]];
    const others = setup.others[segment] ?? UUID;
    for (const intent of ["%00", ...intents]) {
      for (const value of ["%00", "x", others, encodeURIComponent(HUGE.slice(0, 20_000))]) {
        const body = fields.map((f) => `${f}=${value}`).join("&");
        forms.push([`intent ${intent} fields ${value.slice(0, 8)}`, `intent=${intent}&${body}`]);
      }
    }
    for (const [label, path, isOthers] of formPaths) {
      for (const [formLabel, rawBody] of forms) {
        cases.push({
          label: `POST ${template} ${label} ${formLabel}`,
          method: "POST",
          path,
          rawBody,
          contentType: "application/x-www-form-urlencoded",
          cookie: setup.alice.cookie,
          isOthers: isOthers || rawBody.includes(others),
        });
      }
    }
  }
  return cases;
}

/** The fields a better-auth endpoint's body schema names (zod objects, intersections). */
function bodyFields(schema: unknown): string[] {
  const node = schema as {
    shape?: Record<string, unknown>;
    _zod?: { def?: { left?: unknown; right?: unknown; innerType?: unknown } };
  } | null;
  if (!node) return [];
  if (node.shape) return Object.keys(node.shape);
  const def = node._zod?.def;
  if (!def) return [];
  return [...bodyFields(def.left), ...bodyFields(def.right), ...bodyFields(def.innerType)];
}

/**
 * better-auth's endpoints under /api/auth, as its own API object lists them with their body
 * schemas (so an endpoint or a field a new version adds is walked too). Those that end the
 * session or the account go last.
 */
function authCases(setup: Awaited<ReturnType<typeof setUp>>, api: object): Case[] {
  type Endpoint = { path?: string; options?: { method?: string | string[]; body?: unknown } };
  const isEnding = (path: string) => /sign-out|revoke|delete-user/.test(path);
  const endpoints = Object.values(api as Record<string, Endpoint>)
    .filter((e) => typeof e.path === "string" && e.path.startsWith("/"))
    .map((e) => ({
      template: e.path as string,
      methods: [e.options?.method ?? "GET"].flat().filter((m) => m !== "*"),
      fields: bodyFields(e.options?.body),
    }))
    .sort((a, b) => Number(isEnding(a.template)) - Number(isEnding(b.template)));
  const cases: Case[] = [];
  for (const { template, methods, fields } of endpoints) {
    const paths = template.includes(":")
      ? ["x", "%00", "%ED%A0%80"].map((v) => template.replace(/:\w+/g, v))
      : [template];
    for (const method of methods) {
      for (const path of paths) {
        const url = `/api/auth${path}`;
        if (method === "GET") {
          for (const [who, cookie] of [
            ["signed in", setup.alice.cookie],
            ["signed out", undefined],
          ] as const) {
            for (const query of [
              "token=%00&callbackURL=%00&email=%00&id=x",
              "token=x&callbackURL=%ED%A0%80&error=%ED%A0%80",
              `token=${HUGE.slice(0, 5_000)}&callbackURL=//evil.example`,
            ]) {
              cases.push({
                label: `GET ${path} ?${query.slice(0, 30)} ${who}`,
                method,
                path: `${url}?${query}`,
                ...(cookie ? { cookie } : {}),
              });
            }
          }
          continue;
        }
        const bodies: Array<[string, string, string]> = [
          ["not JSON", "{", "application/json"],
          ["an array", "[]", "application/json"],
          ["null", "null", "application/json"],
          ["empty object", "{}", "application/json"],
          ["text", "a=b", "text/plain"],
          ["broken multipart", "--x\r\ngarbage", "multipart/form-data; boundary=x"],
        ];
        for (const field of fields) {
          for (const [label, value] of [
            ...badValues(),
            ["a broken address", JSON.stringify("x\uFFFD")] as [string, string],
          ]) {
            bodies.push([`${field} ${label}`, `{"${field}":${value}}`, "application/json"]);
          }
        }
        for (const [label, rawBody, contentType] of bodies) {
          cases.push({
            label: `${method} ${path} body ${label}`,
            method,
            path: url,
            rawBody,
            contentType,
            cookie: setup.alice.cookie,
          });
        }
        cases.push({
          label: `${method} ${path} body empty object signed out`,
          method,
          path: url,
          rawBody: "{}",
          contentType: "application/json",
        });
      }
    }
  }
  return cases;
}

async function walk(setup: Awaited<ReturnType<typeof setUp>>, cases: Case[]) {
  const failures: string[] = [];
  // Nothing else writes while the walk runs: each request's "after" is the next one's "before".
  let before = await setup.counts();
  for (const c of cases) {
    const bobs = c.isOthers ? await setup.bobsRows() : "";
    const answer = await setup.request(c.path, {
      method: c.method,
      ...(c.rawBody !== undefined ? { rawBody: c.rawBody } : {}),
      ...(c.cookie ? { cookie: c.cookie } : {}),
      headers: {
        accept: c.path.startsWith("/api/") ? "application/json" : "text/html",
        ...(c.contentType ? { "content-type": c.contentType } : {}),
        ...c.auth,
      },
    });
    await answer.arrayBuffer();
    if (process.env.ROUTE_WALK_LOG) console.log(`WALK ${answer.status} ${c.label}`);
    if (answer.status >= 500) failures.push(`${c.label}: ${answer.status}`);
    const after = await setup.counts();
    if (answer.status >= 400 && after !== before) {
      failures.push(`${c.label}: ${answer.status} but rows were written`);
    }
    before = after;
    if (c.isOthers && (await setup.bobsRows()) !== bobs) {
      failures.push(`${c.label}: ${answer.status} and someone else's rows changed`);
    }
  }
  return failures;
}

describe("every route, walked with bad inputs (#35)", () => {
  it("the API's operations (from the OpenAPI document): no 5xx, no row written when refused", {
    timeout: 600_000,
  }, async () => {
    const setup = await setUp();
    const cases = await apiCases(setup.request, setup);
    expect(cases.length).toBeGreaterThan(500);
    expect(await walk(setup, cases)).toEqual([]);
  });

  it("better-auth's endpoints (from its API object): no 5xx, no row written when refused", {
    timeout: 600_000,
  }, async () => {
    const setup = await setUp();
    const cases = authCases(setup, setup.auth.api);
    expect(cases.length).toBeGreaterThan(300);
    expect(await walk(setup, cases)).toEqual([]);
  });

  it("the pages (from the route table), loaders and forms: no 5xx, no row written when refused", {
    timeout: 600_000,
  }, async () => {
    // React Router says on console.error when a page has no action (or loader) for a method,
    // and answers 405: expected here. Anything else said there is a finding.
    expectConsoleError();
    const setup = await setUp();
    const cases = pageCases(setup);
    expect(cases.length).toBeGreaterThan(200);
    const failures = await walk(setup, cases);
    const unexpected = consoleError.mock.calls
      .map((args) => args.map(String).join(" "))
      .filter((line) => !/did not provide an? `(action|loader)` for route/.test(line));
    expect(failures).toEqual([]);
    expect(unexpected).toEqual([]);
  });
});
