/** Words and attribute patterns the scan recognises. Lists of words are features, not gates. */

export const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
  "param",
  "keygen",
]);
export const CLOSES_P = new Set([
  "div",
  "ul",
  "ol",
  "dl",
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "section",
  "article",
  "form",
  "header",
  "footer",
  "nav",
  "aside",
  "main",
  "p",
  "pre",
  "blockquote",
  "figure",
  "hr",
]);
/** Elements whose start or end breaks a line of text: amounts never join across them. */
export const BREAKS_LINE = new Set([
  ...CLOSES_P,
  "br",
  "li",
  "tr",
  "td",
  "th",
  "dt",
  "dd",
  "option",
  "select",
  "button",
  "label",
]);
export const SELF_SIBLING = new Set(["li", "option", "dt", "dd", "tr", "td", "th"]);
export const EMPHASIS = new Set(["strong", "b", "h1", "h2", "h3", "h4", "big"]);
export const TOKEN_ATTRS = [
  "data-test",
  "data-testid",
  "data-qa",
  "data-automation-id",
  "data-buy-box-region",
  "data-selector",
  "data-price-type",
  "data-component",
  "data-cy",
  "itemprop",
];

export const PRICE_WORD =
  /price|preis|prix|precio|prezzo|cena|pris|amount|cost|strikethrough|a-offscreen/i;
/** Cheap first test: a token text that matches none of these words needs no other test. */
export const INTERESTING =
  /pri[cx]|offscreen|preis|precio|prezzo|cena|pris|amount|cost|strike|through|was|old|list|rrp|sale|cross|previous|original|compare|regular|basis|msrp|uvp|before|standard|del|barr|carousel|recommend|related|similar|also|upsell|up-sell|sponsor|recs-|p13n|sims-|you-may|cart|trolley|add-|add_|addto|breadcrumb|newsletter|frequently|bundle|shelf|sticky|accessor|unit|per-|grundpreis|avail|stock|inventory|sold|title|product|name|pdp|buy|qty|quantity|basket|korb|kosar|kosik|koszyk|panier|carrito|carrello/i;
export const STRUCK =
  /strike|line-through|was-?price|price-?was|old-?price|price-?old|list-?price|rrp|non-?sale|crossed|previous-?price|original-?price|compare-?at|price--was|regular-price|basis-?price|msrp|uvp|before-?price|price-?before|price-?standard|strikethrough|del-price|price-del|barred|pr_disc|price-?disc/i;
export const EXCLUDED =
  /carousel|recommend|related|similar|also-?(bought|viewed|like)|upsell|up-sell|cross-?sell|sponsored|recs-|p13n|sims-|you-may|mini-?cart|minicart|cart-?drawer|breadcrumb|newsletter|frequently|bundle|shelf|sticky-?header|accessor/i;
export const HIDDEN_CLASS =
  /(?:^|\s)(?:hidden|aok-hidden|a-hidden|d-none|is-hidden|wt-display-none|hide|visually-hidden-none|u-hidden|idnone)(?:\s|$)/;
export const PER_UNIT =
  /per-?unit|unit-?price|priceperunit|price-?per-?|grundpreis|base-?price-?unit|price-?unit|unitprice|comparison-?price/i;
export const TITLE_WORD =
  /product-?title|product_title|productname|product-name|pdp-title|item-?title/i;
export const STOCK_WORD =
  /availability|in-?stock|out-?of-?stock|stock-?status|inventory|sold-?out|stock/i;
/** Attribute tokens of an add-to-cart control. */
export const ADD_TO_CART_TOKEN =
  /add[\s_-]?to[\s_-]?(cart|bag|basket|trolley)|add[\s_-]?(?:product|item)(?:$|[\s_-])|addtocart|add-?cart|tocart|to-?basket|buy[\s_-]?(now|button|btn)|btn[\s_-]?buy|(^|[\s_-])buy([\s_-]|$)/i;
/** Attribute tokens of something cart-like: a buy control only if its words say so. */
export const CART_LIKE_TOKEN =
  /cart|basket|bag|korb|kosik|kosar|koszyk|panier|carrito|carrello|winkelwagen|buy|order|purchase|checkout/i;
/** Buy words of many languages (a feature, never a gate). */
export const BUY_WORDS =
  /add[\s-]?to[\s-]?(cart|bag|basket|trolley)|buy now|buy it now|purchase|order now|adicionar ao carrinho|adicionar à sacola|agregar al carro|agregar al carrito|pievienot grozam|naroči|naročite|objednať|objednat|zamów|naruči|naruči|commander|ordina|encomendar|in den warenkorb|warenkorb|in den einkaufswagen|jetzt kaufen|kaufen|ajouter au panier|acheter|añadir a(l)? (la )?(cesta|carrito|carro)|comprar|aggiungi al carrello|acquista|in winkelwagen|bestellen|dodaj do koszyka|do koszyka|kup teraz|lägg i varukorgen|köp|læg i kurv|køb|legg i handlekurv|kjøp|do košíka|kúpiť|do košíku|koupit|v košarico|košarico|košaricu|dodaj u korpu|kupi|v kosár|kosárba|vásárl|adaugă în coș|adauga in cos|în coș|cumpără|pievienot grozam|grozā|pirkt|į krepšelį|pirkti|ostukorvi|lisää ostoskoriin|osta|στο καλάθι|αγορά|sepete ekle|satın al|в корзину|купить|заказать|у кошик|купити|в количката|купи|себетке|أضف إلى السلة|أضف للسلة|اشتر|הוסף לסל|加入購物車|加入购物车|立即購買|立即购买|直購|購買|购买|カートに入れる|購入|장바구니|구매하기|바로구매|thêm vào giỏ|mua ngay|tambah ke keranjang|beli sekarang|หยิบใส่ตะกร้า|ซื้อเลย/i;
export const ADD_TO_CART =
  /add[\s_-]?to[\s_-]?(cart|bag|basket|trolley)|buy[\s_-]?now|in den warenkorb|ajouter au panier|añadir a(l)? (la )?(cesta|carrito|carro)|aggiungi al carrello|in winkelwagen|dodaj do koszyka|lägg i varukorgen|add-to-cart|addtocart/i;
/** A quantity input's name/id/class, in many languages. */
export const QUANTITY =
  /qty|quantit|menge|anzahl|cantidad|quantidade|ilosc|ilość|počet|pocet|kolicin|količin|количеств|kogus|kiekis|daudzum|mennyiség|adet|数量|數量|수량|個数/i;
/** A buy control's wording when it cannot be used: sold out, unavailable, notify me. */
export const SOLD_OUT_WORDS =
  /sold out|out of stock|currently unavailable|not available|unavailable|notify me|email me when|ausverkauft|nicht (mehr )?verfügbar|nicht lieferbar|derzeit nicht|épuisé|rupture de stock|indisponible|agotado|sin stock|no disponible|esaurito|non disponibile|uitverkocht|niet beschikbaar|wyprzedan|niedostępn|brak w magazynie|vyprodáno|nedostupn|vypredané|razprodano|ni na zalogi|rasprodano|nema na zalihi|elfogyott|nincs raktáron|stoc epuizat|indisponibil|nav pieejams|izpārdots|išparduota|nėra sandėlyje|läbi müüdud|loppu|slutsåld|udsolgt|utsolgt|tükendi|stokta yok|нет в наличии|распродан|немає в наявності|нет на складе|εξαντλήθηκε|μη διαθέσιμο|نفدت|غير متوفر|אזל|缺貨|缺货|售完|已售完|在庫切れ|品切れ|売り切れ|품절|일시품절|hết hàng|cannot be (?:purchased|ordered|bought)|can't be (?:purchased|ordered)|no longer available|not possible to (?:buy|order)|nicht (?:mehr )?bestellbar|nicht erhältlich|non (?:è )?acquistabile|non ordinabile|plus disponible|no se puede comprar|esgotado|niet leverbaar|nie je možné (?:produkt )?(?:kúpiť|objednať)|nelze (?:koupit|objednat)|nie można (?:kupić|zamówić)|ni mogoče kupiti|nije moguće kupiti|nem rendelhető|nu (?:este|mai este) disponibil|недоступ|нельзя купить|暫無庫存|暂无库存|無法購買|无法购买|販売終了|구매 불가|구매불가/i;
/** Words naming the cart itself (in a buy control's title or label, with an add/buy token). */
export const CART_NOUN =
  /cart|basket|trolley|bag\b|panier|warenkorb|einkaufswagen|carrello|carrito|cesta|carrinho|sacola|winkelwagen|koszyk|košík|kosik|košar|korp|kosár|coș|cos\b|grozs|grozā|krepšel|ostukorv|ostoskori|varukorg|kurv|handlekurv|sepet|корзин|кошик|количк|καλάθι|سلة|סל\b|購物車|购物车|カート|장바구니|giỏ|keranjang|ตะกร้า/i;
export const CAPTCHA =
  /robot check|captcha|are you a (human|robot)|robot or human|verify you are human|pardon our interruption|attention required|access denied|just a moment|unusual traffic|px-captcha/i;
/** A currency sign, word or code: the cheap test before a text is parsed as a price. */
export const CURRENCY_HINT =
  /[$€£¥₩₹₽₴₺₪฿₫₱₦৳₸₾₼円元圓원]|[A-Z]{3}|kr|Kč|Kc|zł|zl|Ft|lei|Lei|RM|Rp|Rs|Fr|TL|KM|Kn|kn|din|тг|руб|грн|лв|р\.|дин|ден|درهم|ر\.س|د\.إ|د\.ك/;
/** Platforms named by the scripts of their pages, in the order they are tested. */
export const PLATFORMS: readonly (readonly [string, RegExp])[] = [
  ["shopify", /cdn\.shopify\.com|Shopify\.shop|ShopifyAnalytics/],
  ["bigcommerce", /BCData|bigcommerce/i],
  ["magento", /Magento_|mage\/|"Magento/],
  ["woocommerce", /woocommerce|wc_add_to_cart/i],
];
/** A word every match of PLATFORMS holds (case aside): a script without one names none. */
export const PLATFORM_WORD =
  /shopify|bcdata|bigcommerce|magento|mage\/|woocommerce|wc_add_to_cart/i;
