import { aliexpress } from "./aliexpress.ts";
import { amazon } from "./amazon.ts";
import { argos } from "./argos.ts";
import { bestBuy } from "./best-buy.ts";
import { bigcommerce } from "./bigcommerce.ts";
import { currys } from "./currys.ts";
import { ebay } from "./ebay.ts";
import { etsy } from "./etsy.ts";
import { homeDepot } from "./home-depot.ts";
import { ikea } from "./ikea.ts";
import { magento } from "./magento.ts";
import { mediaMarkt } from "./media-markt.ts";
import { newegg } from "./newegg.ts";
import { shopify } from "./shopify.ts";
import type { StoreRule } from "./store-rule.ts";
import { target } from "./target.ts";
import { walmart } from "./walmart.ts";
import { woocommerce } from "./woocommerce.ts";
import { zalando } from "./zalando.ts";

/** Stores by domain first, then platforms detected from the page. */
export const STORE_RULES: readonly StoreRule[] = [
  amazon,
  ebay,
  walmart,
  target,
  bestBuy,
  aliexpress,
  etsy,
  ikea,
  newegg,
  homeDepot,
  zalando,
  mediaMarkt,
  argos,
  currys,
  shopify,
  woocommerce,
  magento,
  bigcommerce,
];
