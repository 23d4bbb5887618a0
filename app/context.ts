import { createContext } from "react-router";
import type { Auth } from "../core/accounts/auth.ts";
import type { Billing } from "../core/billing/index.ts";
import type { Database } from "../core/db/client.ts";
import type { Env, PublicEnv } from "../core/env.ts";
import type { Extractor } from "../core/extract-pool/index.ts";
import type { Fetcher } from "../core/fetch/index.ts";
import type { RecentPages } from "../core/fetch/recent-pages.ts";
import type { RateSource } from "../core/groups/rate-source.ts";
import type { ProductImages } from "../core/images/product-images.ts";
import type { Logger } from "../core/log.ts";
import type { Mailer } from "../core/mail/mailer.ts";

/** Everything a request handler may use, built once per process (server/services.ts). */
export type AppServices = {
  env: Env;
  publicEnv: PublicEnv;
  version: string;
  log: Logger;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** The one way out to user-given URLs (core/fetch). */
  fetcher: Fetcher;
  /** Preview, then save: the save stores the page the person was shown (core/fetch/recent-pages). */
  recentPages: RecentPages;
  /** Product pictures served through Dropwave (/img/…), never straight from the stores. */
  productImages: ProductImages;
  /** Plans and their limits; Stripe only when the operator set its keys (core/billing). */
  billing: Billing;
  /** Reads fetched pages: the process's extraction pool (core/extract-pool), off the event loop. */
  extract: Extractor;
  /** Daily reference exchange rates for comparing a group's stores (core/groups/rate-source.ts). */
  rates: RateSource;
  /** Signs alert emails' one-click unsubscribe links (core/notify/unsubscribe.ts). */
  unsubscribeSecret: string;
};

export type Viewer = {
  id: string;
  email: string;
  name: string;
  /** Whether the person opened the verification link; until then nothing else is mailed. */
  isEmailVerified: boolean;
};

export type RequestScope = {
  requestId: string;
  log: Logger;
  clientIp: string;
  /** This response's Content-Security-Policy nonce (server/security-headers.ts). */
  cspNonce: string;
};

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestScope>();
/** The signed-in person, or null; set by the root middleware. */
export const viewerContext = createContext<Viewer | null>(null);
