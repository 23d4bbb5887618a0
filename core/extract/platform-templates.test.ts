import { describe, expect, it } from "vitest";
import { extractProduct } from "./extract-product.ts";

/**
 * Issue #34 (pages written for these tests): product pages as common store platforms render them
 * (Salesforce Commerce Cloud, Wix, Squarespace, Volusion, BigCommerce, Ecwid, Shopify's Dawn
 * theme), with no structured data and no platform script, so that no store or platform rule
 * applies: the general rules alone must find the price a person pays.
 */
const wrap = (body: string, title = "Shop") =>
  `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>${title}</title><meta property="og:type" content="product"></head><body><header><a href="/">Brand</a><div class="promo-bar">Free shipping on orders over $75</div><a href="/cart">Cart (0)</a></header><main>${body}</main><footer>© Brand</footer></body></html>`;
const pages: Record<string, [string, number]> = {
  sfra: [
    `<div class="product-detail product-wrapper" data-pid="123"><h1 class="product-name">Classic Oxford Shirt</h1>
 <div class="prices"><div class="price"><span><del><span class="strike-through list"><span class="value" content="79.50">$79.50</span></span></del>
 <span class="sales"><span class="value" content="59.99">$59.99</span></span></span></div></div>
 <div class="attribute"><span>Size</span><button class="size-value">S</button><button class="size-value unselectable">M</button></div>
 <button class="add-to-cart btn btn-primary" data-pid="123">Add to Cart</button></div>
 <div class="recommendations"><h2>You May Also Like</h2><div class="product-tile"><a>Chino</a><span class="sales"><span class="value" content="49.50">$49.50</span></span></div></div>`,
    5999,
  ],
  wix: [
    `<section><div data-hook="product-page"><h1 data-hook="product-title" class="_2qrJF">Ceramic Mug</h1>
<div data-hook="product-prices-wrapper"><span data-hook="formatted-secondary-price" class="_26qxh">$30.00</span><span class="_2g3ku" data-hook="sr-formatted-secondary-price">Regular Price</span>
<span data-hook="formatted-primary-price" class="_26qxh">$24.00</span><span class="_2g3ku" data-hook="sr-formatted-primary-price">Sale Price</span></div>
<div data-hook="product-quantity-container"><input type="number" value="1" aria-label="Quantity"></div>
<button data-hook="add-to-cart" class="_3zG5L"><span class="_3aETX">Add to Cart</span></button><button data-hook="buy-now-button">Buy Now</button></div></section>`,
    2400,
  ],
  squarespace2: [
    `<article class="ProductItem"><section class="ProductItem-details"><h1 class="ProductItem-details-title">Linen Apron</h1>
<div class="product-price">$38.00</div>
<div class="sqs-add-to-cart-button-wrapper"><div class="sqs-add-to-cart-button" role="button" tabindex="0"><div class="sqs-add-to-cart-button-inner">Add To Cart</div></div></div></section></article>`,
    3800,
  ],
  volusion: [
    `<table><tr><td><h1><span itemprop="name">Brass Compass</span></h1><font class="pricecolor colors_productprice"><font class="text colors_text"><b>Our Price:</b></font> <span itemprop="price">$42.95</span></font><br><font class="text colors_text"><b>List Price: </b><span class="listprice">$59.00</span></font><br><input type="image" src="/v/vspfiles/templates/default/images/buttons/btn_addtocart.gif" name="btnaddtocart" alt="Add to cart"></td></tr></table>`,
    4295,
  ],
  bigcommerceRendered: [
    `<div class="productView"><section class="productView-details"><h1 class="productView-title">Trail Bottle</h1>
<div class="productView-price"><div class="price-section price-section--withoutTax rrp-price--withoutTax">MSRP: <span data-product-rrp-price-without-tax class="price price--rrp">$25.00</span></div>
<div class="price-section price-section--withoutTax non-sale-price--withoutTax">Was: <span data-product-non-sale-price-without-tax class="price price--non-sale">$22.00</span></div>
<div class="price-section price-section--withoutTax"><span class="price-label">Now:</span><span data-product-price-without-tax class="price price--withoutTax">$18.00</span></div></div>
<form><input id="form-action-addToCart" data-wait-message="Adding to cart…" class="button button--primary" type="submit" value="Add to Cart"></form></section></div>`,
    1800,
  ],
  ecwid: [
    `<div class="ecwid-productBrowser-details"><h1 class="product-details__product-title ec-header-h3">Wool Beanie</h1>
<div class="product-details__product-price ec-price-item" itemprop="price" content="28"><span class="details-product-price__value ec-price-item notranslate">$28.00</span></div>
<div class="form-control form-control--button form-control--large form-control--primary form-control--flexible form-control--animated details-product-purchase__add-to-bag"><button class="form-control__button" type="button"><span class="form-control__button-text">Add to Bag</span></button></div></div>`,
    2800,
  ],
  shopifyRendered: [
    `<section class="shopify-section section"><div class="page-width"><div class="product__info-wrapper"><div class="product__title"><h1>Canvas Tote</h1></div>
<div class="no-js-hidden" id="price-template--1" role="status"><div class="price price--large price--on-sale price--show-badge"><div class="price__container">
<div class="price__regular"><span class="visually-hidden visually-hidden--inline">Regular price</span><span class="price-item price-item--regular">$45.00 USD</span></div>
<div class="price__sale"><span class="visually-hidden visually-hidden--inline">Regular price</span><span><s class="price-item price-item--regular">$45.00 USD</s></span><span class="visually-hidden visually-hidden--inline">Sale price</span><span class="price-item price-item--sale price-item--last">$36.00 USD</span></div>
<small class="unit-price caption hidden"><span class="visually-hidden">Unit price</span><span class="price-item price-item--last"><span></span><span aria-hidden="true">/</span><span class="visually-hidden">&nbsp;per&nbsp;</span><span></span></span></small></div>
<span class="badge price__badge-sale color-accent-2" aria-hidden="true">Sale</span></div></div>
<div class="product-form__buttons"><button type="submit" name="add" class="product-form__submit button button--full-width button--secondary"><span>Add to cart</span></button></div></div></div></section>`,
    3600,
  ],
};

describe("platform templates read by the general rules alone", () => {
  it.each(Object.entries(pages))("%s", (name, [body, expected]) => {
    const r = extractProduct(
      wrap(body),
      `https://www.example-${name.toLowerCase()}.com/products/item-1`,
    );
    expect(r.price && `${r.price.amountMinor} ${r.price.currency}`).toBe(`${expected} USD`);
  });
});
