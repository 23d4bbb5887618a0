import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { PriceRecipe } from "../../extract/recipe.ts";
import { user } from "./auth.ts";
import { belongsTo, landedColumns, ownedByUser } from "./columns.ts";

/**
 * A product is one page (normalised URL) shared by everyone who tracks it: one fetch serves
 * all its watchers. Money is integer minor units + ISO 4217 currency everywhere.
 */
export const product = pgTable(
  "product",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Normalised URL (core/url/normalize-url.ts): the sharing key. */
    urlKey: text("url_key").notNull(),
    /** The URL as first given (minus tracking noise), for the store link. */
    url: text("url").notNull(),
    host: text("host").notNull(),
    store: text("store").notNull(),
    title: text("title"),
    imageUrl: text("image_url"),
    brand: text("brand"),
    sku: text("sku"),
    gtin: text("gtin"),
    canonicalUrl: text("canonical_url"),
    /** The last successful extraction's price (null when none was found). */
    priceMinor: bigint("price_minor", { mode: "number" }),
    currency: text("currency"),
    listPriceMinor: bigint("list_price_minor", { mode: "number" }),
    /** Shipping and the unit price the last extraction read (0079). */
    ...landedColumns(),
    availability: text("availability").notNull().default("unknown"),
    /** ok | ambiguous | no_price | not_product, from the last successful fetch. */
    extractStatus: text("extract_status"),
    /** Every price candidate of the last successful extraction (for ambiguous pages). */
    candidates: jsonb("candidates").$type<unknown[]>().notNull().default([]),
    /** For ambiguous pages: the candidate key last picked by a watcher, used when extracting. */
    preferredCandidateKey: text("preferred_candidate_key"),
    /** The variant (SKU or id) this product tracks; part of url_key (docs/decisions/0029). */
    variantId: text("variant_id"),
    /**
     * Where the price is on the page (core/extract/recipe.ts): the last spot a watcher picked
     * with the extension, or the store's recipe once it matched this page. Checks read the
     * price there and report when it stops matching.
     */
    recipe: jsonb("recipe").$type<PriceRecipe>(),
    /**
     * Who picked the product's recipe (a pick the server's own reading confirmed, 0048); null
     * for a store's recipe the product adopted. Another person's pick never replaces it.
     */
    recipeBy: text("recipe_by").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** Fetch outcome kind of the last check (ok, bot_challenge, timeout, …). */
    lastOutcome: text("last_outcome"),
    /** The last failure in words for people, null after a success. */
    lastError: text("last_error"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** Shortest interval among the active watches, in minutes. */
    checkIntervalMinutes: integer("check_interval_minutes").notNull().default(360),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    /** Claim by a worker until this time (a crashed worker's claim lapses). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseOwner: text("lease_owner"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("product_url_key_idx").on(t.urlKey),
    index("product_next_check_idx").on(t.nextCheckAt),
    check("product_price_nonneg", sql`${t.priceMinor} is null or ${t.priceMinor} >= 0`),
  ],
);

/**
 * One person's group of watches of the same product at different stores (issue #37 item 5,
 * decision 0068): compared on one page, with one alert "any store below the target".
 */
export const watchGroup = pgTable(
  "watch_group",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser(),
    name: text("name").notNull(),
    /** The group's alert: any store's in-stock price at or below this (null: no alert). */
    targetMinor: bigint("target_minor", { mode: "number" }),
    targetCurrency: text("target_currency"),
    /** The target was met at the last evaluation (the alert re-arms when it is not). */
    isTargetMet: boolean("is_target_met").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("watch_group_user_idx").on(t.userId)],
);

/** One person's interest in one product: the alert rule, its state and its own interval. */
export const watch = pgTable(
  "watch",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownedByUser(),
    productId: belongsTo("product_id", () => product.id),
    /** core/checks/alert-rule.ts ALERT_RULE_KINDS (any_drop, below_target, …, lowest_in_days) */
    ruleKind: text("rule_kind").notNull().default("any_drop"),
    ruleAmountMinor: bigint("rule_amount_minor", { mode: "number" }),
    ruleCurrency: text("rule_currency"),
    rulePercent: doublePrecision("rule_percent"),
    /** lowest_in_days: the window in days. */
    ruleDays: integer("rule_days"),
    intervalMinutes: integer("interval_minutes").notNull().default(360),
    /** For ambiguous pages: the candidate key the person picked (source + path). */
    candidateKey: text("candidate_key"),
    /** The price spot this person picked on the page with the extension, if they did. */
    recipe: jsonb("recipe").$type<PriceRecipe>(),
    isPaused: boolean("is_paused").notNull().default(false),
    /**
     * "Only a real deal": price-down alerts only below the 90-day low or for a discount whose
     * "was" price was really charged (decision 0063).
     */
    onlyRealDeal: boolean("only_real_deal").notNull().default(false),
    /** The group of the same product at other stores this watch is in (decision 0068). */
    groupId: uuid("group_id").references((): AnyPgColumn => watchGroup.id, {
      onDelete: "set null",
    }),
    /** Alerts of this watch are not raised before this time (snooze); checks go on. */
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    /** The price when the watch was created: "change since added" and percent drops. */
    baselinePriceMinor: bigint("baseline_price_minor", { mode: "number" }),
    baselineCurrency: text("baseline_currency"),
    /** Per-watch alert state kept by the decision function (hysteresis, flapping). */
    alertState: jsonb("alert_state").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("watch_user_product_idx").on(t.userId, t.productId),
    index("watch_product_idx").on(t.productId),
    index("watch_group_idx").on(t.groupId).where(sql`${t.groupId} is not null`),
  ],
);

/**
 * Price history, stored only when price, currency or availability change: a row is a run of
 * identical observations from `observedAt` to `lastSeenAt`, with the second offsets of every
 * check in between (so a year of 6-hourly checks of a stable price is one row).
 */
export const priceObservation = pgTable(
  "price_observation",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: belongsTo("product_id", () => product.id),
    priceMinor: bigint("price_minor", { mode: "number" }),
    currency: text("currency"),
    /**
     * The "was" / list / RRP price the page showed beside the price, in the price's currency
     * (null when none, or in another currency): what a discount is checked against (0062).
     */
    listPriceMinor: bigint("list_price_minor", { mode: "number" }),
    /**
     * The EU's "lowest price in the last 30 days" the page printed beside a reduction, in the
     * price's currency (null when none): compared with Dropwave's own history (0071).
     */
    referenceLowest30dMinor: bigint("reference_lowest_30d_minor", { mode: "number" }),
    /** Shipping and the unit price the page stated (0079); a change starts a new row. */
    ...landedColumns(),
    availability: text("availability").notNull(),
    observedAt: timestamp("observed_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** Seconds after observedAt of each later check that saw the same values. */
    checkOffsets: integer("check_offsets").array().notNull().default(sql`'{}'::integer[]`),
    /** Who saw it: the server's check, or a person's browser (the extension). */
    source: text("source").$type<ObservationSource>().notNull().default("server"),
    /**
     * The one watch this reading belongs to, or null for the product's shared history (the
     * server's checks). What one person's browser saw counts for their watch only: it is shown
     * to that watch's owner and decided for that watch alone (docs/decisions/0048).
     */
    watchId: uuid("watch_id").references((): AnyPgColumn => watch.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("price_observation_product_idx").on(t.productId, t.observedAt),
    index("price_observation_watch_idx")
      .on(t.watchId, t.observedAt)
      .where(sql`${t.watchId} is not null`),
    check("price_observation_source", sql`${t.source} in ('server', 'browser')`),
  ],
);

export type ObservationSource = "server" | "browser";

/**
 * A store's price recipe: the last spot someone picked on a product page of this host,
 * offered to every other product of the same host (the same layout). One row per host.
 */
export const storeRecipe = pgTable("store_recipe", {
  host: text("host").primaryKey(),
  recipe: jsonb("recipe").$type<PriceRecipe>().notNull(),
  /** The product it was picked on. */
  productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
  pickedBy: text("picked_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Alert events, written in the same transaction as the observation that caused them; the
 * unique key makes a replayed check unable to write an event twice. Delivery reads from here.
 */
export const alertEvent = pgTable(
  "alert_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    watchId: belongsTo("watch_id", () => watch.id),
    userId: ownedByUser(),
    productId: belongsTo("product_id", () => product.id),
    kind: text("kind").notNull(),
    oldPriceMinor: bigint("old_price_minor", { mode: "number" }),
    newPriceMinor: bigint("new_price_minor", { mode: "number" }),
    currency: text("currency"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when its deliveries were created (core/notify fan-out); null = still to fan out. */
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
  },
  (t) => [
    index("alert_event_fanout_idx").on(t.createdAt).where(sql`${t.fannedOutAt} is null`),
    uniqueIndex("alert_event_key_idx").on(t.idempotencyKey),
    index("alert_event_user_idx").on(t.userId, t.createdAt),
    index("alert_event_watch_idx").on(t.watchId, t.createdAt),
  ],
);
