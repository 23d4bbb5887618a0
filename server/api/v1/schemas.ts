import { z } from "zod";
import { AlertRule } from "../../../core/checks/alert-rule.ts";
import { EU_LOWEST_KEYS } from "../../../core/checks/eu-lowest-30d.ts";
import { VERDICT_KEYS, VERDICT_WINDOWS } from "../../../core/checks/price-verdict.ts";
import { REFERENCE_KEYS } from "../../../core/checks/reference-check.ts";
import { ExtractResult, ShippingStated } from "../../../core/extract/types.ts";
import { UnitPrice } from "../../../core/money/unit-price.ts";

/**
 * Response bodies of /api/v1 as Zod schemas. The OpenAPI document is generated from these
 * and from the core input schemas (openapi.ts); in tests every answer is checked against its
 * route's schema (route.ts), so the description cannot drift from what is sent.
 */

const Money = z.object({ amountMinor: z.number().int(), currency: z.string().length(3) });
const Instant = z.iso.datetime({ offset: true });
const Id = z.string().min(1);
const Shipping = ShippingStated.nullable().describe(
  "Shipping the page stated beside the price, in its currency (decision 0079): costMinor 0 is free, null not stated (a threshold only); freeAboveMinor, the order value from which it is free.",
);
const UnitPriceStated = UnitPrice.nullable().describe(
  "The price per quantity of a unit the page stated (decision 0079): amountMinor per perQuantity unit (kg, g, lb, oz, l, ml, cl, fl_oz, m, cm, ft, m2, sq_ft, piece), as the page named it.",
);

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

export const Me = z.object({ id: Id, email: z.string(), name: z.string() });

export const TokenSummary = z.object({
  id: Id,
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(["full", "extension"]).describe("extension: only the browser extension's routes."),
  createdAt: Instant,
  lastUsedAt: Instant.nullable(),
});
export const TokenList = z.object({ tokens: z.array(TokenSummary) });
export const TokenCreated = TokenSummary.extend({
  token: z.string().describe("The token itself: shown once, never again."),
});

export const ProductPreview = ExtractResult.extend({
  url: z.string(),
  host: z.string(),
  finalUrl: z.string(),
  store: z.string(),
});
export const PreviewBody = z.object({ product: ProductPreview });

const LandedPrice = Money.nullable().describe(
  "The price with its delivery, where the page says what that costs (decision 0079): the price when free (also at or above the threshold), price plus cost below it; null when unknown.",
);

export const WatchView = z.object({
  id: Id,
  productId: Id,
  url: z.string(),
  host: z.string(),
  store: z.string(),
  title: z.string().nullable(),
  imageUrl: z.string().nullable(),
  price: Money.nullable(),
  listPrice: Money.nullable(),
  shipping: Shipping,
  unitPrice: UnitPriceStated,
  landedPrice: LandedPrice,
  availability: z.string(),
  extractStatus: z.string().nullable(),
  rule: AlertRule,
  intervalMinutes: z.number().int(),
  isPaused: z.boolean(),
  onlyRealDeal: z
    .boolean()
    .describe(
      "Price-down alerts only below the 90-day low or for a discount whose reference was charged (decision 0063).",
    ),
  groupId: Id.nullable().describe(
    "The group of the same product at other stores this watch is in (decision 0068).",
  ),
  snoozedUntil: Instant.nullable().describe("Alerts are snoozed until then (checks go on)."),
  candidateKey: z.string().nullable(),
  /** The variant (SKU or id) tracked, when the page offers several. */
  variantId: z.string().nullable(),
  baseline: Money.nullable(),
  changeSinceAdded: z.object({ amountMinor: z.number().int(), percent: z.number() }).nullable(),
  lowest: Money.nullable(),
  highest: Money.nullable(),
  lastCheckedAt: Instant.nullable(),
  lastSuccessAt: Instant.nullable(),
  nextCheckAt: Instant,
  lastOutcome: z.string().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: Instant,
});
export const RuleStatus = z.object({ isMetNow: z.boolean(), message: z.string() });
export const WatchBody = z.object({ watch: WatchView });
export const WatchCreated = z.object({ watch: WatchView, ruleStatus: RuleStatus });
export const WatchUpdated = z.object({ watch: WatchView, ruleStatus: RuleStatus.optional() });
export const WatchList = z.object({ watches: z.array(WatchView) });

/** A row of the dense list (core/tracking/watch-page.ts): what a list shows and nothing more. */
export const WatchListItem = z.object({
  id: Id,
  productId: Id.describe("Its picture is served at /img/p/{productId}."),
  title: z.string().nullable(),
  store: z.string(),
  imageUrl: z.string().nullable(),
  price: Money.nullable(),
  changeSinceAdded: z.object({ amountMinor: z.number().int(), percent: z.number() }).nullable(),
  isLowestEver: z.boolean(),
  verdict: z
    .enum(VERDICT_KEYS)
    .nullable()
    .optional()
    .describe(
      "With verdict=1: where the price stands against its history (decision 0061); null: no claim.",
    ),
  target: Money.nullable(),
  toTargetPercent: z.number().nullable(),
  availability: z.string(),
  isPaused: z.boolean(),
  hasError: z.boolean(),
  sparkline: z.array(z.number().int()).describe("Recent prices in minor units, oldest first."),
  shipping: Shipping,
  unitPrice: UnitPriceStated,
  landedPrice: LandedPrice,
});
export const WatchPage = z.object({
  watches: z.array(WatchListItem),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});

export const WatchHistory = z.object({
  points: z.array(
    z.object({
      at: Instant,
      lastSeenAt: Instant,
      price: Money.nullable(),
      listPrice: Money.nullable().describe(
        'The "was" / list price the page showed (decision 0062).',
      ),
      referenceLowest30d: Money.nullable().describe(
        'The EU "lowest price in the last 30 days" the page printed (decision 0071).',
      ),
      shipping: Shipping,
      unitPrice: UnitPriceStated,
      availability: z.string(),
      checks: z.number().int(),
      source: z.enum(["server", "browser"]).describe("Who saw it: a server check or a browser."),
    }),
  ),
  stats: z.object({
    lowest: Money.nullable(),
    highest: Money.nullable(),
    average: Money.nullable(),
    checks: z.number().int(),
  }),
  verdict: z
    .object({
      key: z.enum(VERDICT_KEYS),
      windows: z.array(
        z.object({
          days: z.union(VERDICT_WINDOWS.map((d) => z.literal(d))),
          low: Money.nullable(),
          high: Money.nullable(),
          isCovered: z.boolean().describe("The history reaches back the whole window."),
        }),
      ),
      allTimeLow: Money.nullable(),
      shareAtOrBelow: z.number().min(0).max(1).nullable(),
      shareBelow: z.number().min(0).max(1).nullable(),
      observedDays: z.number().min(0),
    })
    .describe(
      "Where the current price stands against the history, shares of time over the past year (decision 0061).",
    ),
  reference: z
    .object({
      key: z.enum(REFERENCE_KEYS),
      reference: Money,
      price: Money,
      saleStartedAt: Instant,
      chargedDaysBeforeSale: z.number().min(0),
      chargedDaysEver: z.number().min(0),
      lastChargedAt: Instant.nullable(),
      observedDays: z.number().min(0),
    })
    .nullable()
    .describe(
      'The page\'s "was" price checked against the history: charged, inflated or not enough history (decision 0062); null without a reference above the price.',
    ),
  euLowest30d: z
    .object({
      key: z.enum(EU_LOWEST_KEYS),
      stated: Money,
      seenLow: Money.nullable(),
      reductionStartedAt: Instant,
      seenDays: z.number().min(0),
    })
    .nullable()
    .describe(
      "The page's EU 30-day low checked against the history: matches, higher_than_seen or not_enough_history (decision 0071); null when the page states none.",
    ),
  alerts: z.array(
    z.object({
      id: Id,
      kind: z.string(),
      createdAt: Instant,
      oldPrice: Money.nullable(),
      newPrice: Money.nullable(),
    }),
  ),
});

export const CheckQueued = z.object({ status: z.literal("queued"), watchId: Id });

export const ImportResult = z.object({
  imported: z.number().int(),
  skipped: z.array(z.object({ url: z.string(), reason: z.string() })),
});

export const ChannelView = z.object({
  id: Id,
  kind: z.string(),
  name: z.string(),
  config: z.record(z.string(), z.unknown()).describe("The channel's settings, secrets shortened."),
  isPaused: z.boolean(),
  pauseReason: z.string().nullable(),
  lastError: z.string().nullable(),
  lastDeliveredAt: Instant.nullable(),
  isConfirmed: z.boolean().describe("False for an email address that has not confirmed yet."),
  confirmationSentAt: Instant.nullable(),
  createdAt: Instant,
});
export const NotificationSettingsView = z.object({
  accountEmail: z.string(),
  isAccountEmailEnabled: z.boolean(),
  quietStartMinute: z.number().int().nullable(),
  quietEndMinute: z.number().int().nullable(),
  timeZone: z.string(),
  isDailyDigest: z.boolean(),
  digestMinute: z.number().int(),
});
export const ChannelsBody = z.object({
  channels: z.array(ChannelView),
  settings: NotificationSettingsView,
});
export const ChannelBody = z.object({ channel: ChannelView });
export const SettingsBody = z.object({ settings: NotificationSettingsView });

export const DeliveryResult = z.discriminatedUnion("result", [
  z.object({ result: z.literal("delivered") }),
  z.object({ result: z.literal("retry"), reason: z.string() }),
  z.object({ result: z.literal("permanent"), reason: z.string() }),
  z.object({ result: z.literal("skipped"), reason: z.string() }),
]);
export const TestResults = z.object({
  results: z.array(
    z.intersection(z.object({ channelId: Id.nullable(), name: z.string() }), DeliveryResult),
  ),
});

export const Feed = z.object({
  items: z.array(
    z.object({
      id: Id,
      kind: z.string(),
      label: z.string(),
      title: z.string(),
      summary: z.string(),
      watchId: Id.nullable().describe("The product page; null for a test alert."),
      productTitle: z.string(),
      createdAt: Instant,
      isRead: z.boolean(),
    }),
  ),
  unreadCount: z.number().int(),
  notices: z.array(z.object({ channelId: Id, name: z.string(), reason: z.string() })),
});

export const PushKey = z.object({ publicKey: z.string() });
export const WatchChannels = z.object({ channelIds: z.array(Id), isAll: z.boolean() });

export const FeedQuery = z.object({
  limit: z.string().regex(/^\d+$/).optional().describe("How many entries (default 20)."),
});
export const ExportQuery = z.object({
  format: z.enum(["json", "csv"]).optional().describe("csv for a spreadsheet; JSON otherwise."),
});

const GroupSummary = z.object({
  id: Id,
  name: z.string(),
  target: Money.nullable().describe("The group's alert: any store in stock at or below it."),
  watchIds: z.array(Id),
  createdAt: Instant,
});
export const GroupBody = z.object({ group: GroupSummary });
export const GroupList = z.object({ groups: z.array(GroupSummary) });
export const GroupSuggestions = z.object({
  suggestions: z.array(
    z.object({
      key: z.string().describe('The shared identity: "gtin:…" or "brand_sku:brand|part".'),
      reason: z.enum(["gtin", "brand_sku"]),
      watchIds: z.array(Id),
      intoGroupId: Id.nullable().describe("The group they would join, or null for a new one."),
    }),
  ),
});
export const GroupViewBody = z.object({
  group: GroupSummary.extend({
    members: z.array(
      z.object({
        watchId: Id,
        productId: Id,
        store: z.string(),
        title: z.string().nullable(),
        url: z.string(),
        price: Money.nullable().describe("The store's own price, in its own currency."),
        shipping: Shipping,
        unitPrice: UnitPriceStated,
        landedPrice: Money.nullable().describe(
          "The store's price with its shipping, in its own currency (decision 0079); null when unknown.",
        ),
        availability: z.string(),
        lastCheckedAt: Instant.nullable(),
        lastError: z.string().nullable(),
        verdict: z.enum(VERDICT_KEYS).nullable(),
        points: WatchHistory.shape.points,
      }),
    ),
    comparison: z.object({
      currency: z.string().nullable(),
      status: z.enum(["compared", "rates_unavailable", "no_prices"]),
      ratesDate: z.string().nullable(),
      rows: z.array(
        z.object({
          watchId: Id,
          price: Money.nullable(),
          converted: Money.nullable(),
          isInStock: z.boolean(),
        }),
      ),
      cheapestInStock: z.object({ watchId: Id, price: Money, converted: Money }).nullable(),
    }),
    landed: z
      .object({
        rows: z.array(z.object({ watchId: Id, landed: Money.nullable(), unit: UnitPriceStated })),
        per: z.object({ perQuantity: z.number(), unit: UnitPrice.shape.unit }).nullable(),
        cheapestLanded: z.object({ watchId: Id, landed: Money }).nullable(),
        unknownLanded: z.number().int(),
        cheapestPerUnit: z.object({ watchId: Id, unit: UnitPrice }).nullable(),
      })
      .describe(
        "The stores compared with shipping and per unit in the comparison's currency (decision 0079): unit prices in the unit most stores state; cheapestLanded only when every store in stock has a known price with shipping.",
      ),
  }),
});
