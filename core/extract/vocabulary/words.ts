/**
 * Every word and class name extraction recognises, by concept and language: the one file to
 * edit to add one. The scanner's pre-filters and patterns are generated from it (patterns.ts),
 * and vocabulary.test.ts shows that each entry takes effect on a page of its own.
 *
 * An entry is a word as written (matched as a plain string, letters' case aside unless the
 * concept says otherwise) or, where it must vary, a pattern with an example of what it matches:
 * `p(/add[\s_-]?to[\s_-]?cart/, "add-to-cart")`. An entry must not be covered by another of the
 * same list (the test says which): it could never make a difference of its own.
 *
 * Languages are ISO 639-1 codes; `any` is for class names and words shared by many languages.
 * A new language is a new key; a new concept needs a line in patterns.ts and an effect in
 * vocabulary.test.ts.
 */

export type Pattern = { readonly pattern: RegExp; readonly example: string };
export type Entry = string | Pattern;
export type Words = { readonly [language: string]: readonly Entry[] };

/** A pattern entry and an example of a text it matches. */
export const p = (pattern: RegExp, example: string): Pattern => ({ pattern, example });

/**
 * Class names: read in an element's id, class and token attributes (data-test, itemprop …),
 * anywhere in them, in any case. The scanner tests them once per distinct token text of a page,
 * after a pre-filter made of all of them.
 */
export const CLASS_NAMES = {
  /** The element speaks of a price: kept for the readers, its text may be a price. */
  price: {
    any: ["price", "amount", "cost", "strikethrough", "a-offscreen"],
    de: ["preis"],
    fr: ["prix"],
    es: ["precio"],
    it: ["prezzo"],
    pl: ["cena"],
    sv: ["pris"],
  },
  /** An old (struck, "was", list) price: a list price when a current price stands beside it. */
  oldPrice: {
    any: [
      "strike",
      "line-through",
      p(/was-?price/, "was-price"),
      p(/price[-_]{0,2}was/, "price--was"),
      p(/old-?price/, "old-price"),
      p(/price[-_]{0,2}old/, "price--old"),
      p(/list-?price/, "list-price"),
      // Not inside a longer word: "BVRRPageLink" (ratings), "pntrArrPrev" hold the letters.
      p(/(?<![a-z])rrp|rrp(?![a-z])/, "rrp"),
      p(/non-?sale/, "non-sale"),
      "crossed",
      p(/previous-?price/, "previous-price"),
      p(/original-?price/, "original-price"),
      p(/compare-?at/, "compare-at"),
      "regular-price",
      p(/basis-?price/, "basis-price"),
      "msrp",
      p(/before-?price/, "before-price"),
      p(/price-?before/, "price-before"),
      p(/price-?standard/, "price-standard"),
      "del-price",
      "price-del",
      "barred",
      "pr_disc",
      p(/price-?disc/, "price-disc"),
    ],
    de: ["uvp"],
  },
  /** The current (sale) price: the counterpart of an old-price class (tokens in lower case). */
  currentPrice: {
    any: [
      "current",
      p(/sale-?price/, "sale-price"),
      p(/price-?sale/, "price-sale"),
      p(/special-?price/, "special-price"),
      p(/final-?price/, "final-price"),
      p(/actual-?price/, "actual-price"),
      p(/price-?now/, "price-now"),
      p(/now-?price/, "now-price"),
      "promo",
      "reduced",
      "discounted",
    ],
    cs: ["akce"],
    sk: ["akcia"],
    lt: ["akcij"],
    it: ["sconto"],
    es: ["rebaj"],
  },
  /** A price per unit (per kg, per litre), not the item's. */
  unitPrice: {
    any: [
      p(/per-?unit/, "per-unit"),
      p(/unit-?price/, "unit-price"),
      p(/price-?per-?/, "price-per"),
      p(/price-?unit/, "price-unit"),
      p(/comparison-?price/, "comparison-price"),
    ],
    de: ["grundpreis"],
  },
  /** Navigation, recommendations, carousels, the mini cart: not the product's own box. */
  elsewhere: {
    any: [
      "carousel",
      "recommend",
      "related",
      "similar",
      p(/also-?bought/, "also-bought"),
      p(/also-?viewed/, "also-viewed"),
      p(/also-?like/, "also-like"),
      "upsell",
      "up-sell",
      p(/cross-?sell/, "cross-sell"),
      "sponsored",
      "recs-",
      "p13n",
      "sims-",
      "you-may",
      p(/mini-?cart/, "mini-cart"),
      p(/cart-?drawer/, "cart-drawer"),
      "breadcrumb",
      "newsletter",
      "frequently",
      "bundle",
      "shelf",
      p(/sticky-?header/, "sticky-header"),
      "accessor",
    ],
  },
  /** The product's own area (the buy box, the product detail page). */
  productArea: {
    any: ["product", "pdp", p(/buy-?box/, "buy-box")],
  },
  /**
   * The cents of a price drawn in pieces ("$809" and "97" in an element of its own): read as
   * after a <sup>, the units and the cents one amount.
   */
  cents: {
    any: [p(/(?:^|[^a-z])cents?\b/, "price-cents"), "decimal", "fraction"],
  },
  /** The product's title. */
  title: {
    any: [
      p(/product-?title/, "product-title"),
      "product_title",
      "productname",
      "product-name",
      "pdp-title",
      p(/item-?title/, "item-title"),
    ],
  },
  /** Stock or availability: kept for the readers and the store rules. */
  stock: {
    any: ["availability", "inventory", p(/sold-?out/, "sold-out"), "stock"],
  },
  /** A control that adds to the cart or buys: a buy control by its tokens. */
  buyToken: {
    any: [
      p(/add[\s_-]?to[\s_-]?cart/, "add-to-cart"),
      p(/add[\s_-]?to[\s_-]?bag/, "add-to-bag"),
      p(/add[\s_-]?to[\s_-]?basket/, "add to basket"),
      p(/add[\s_-]?to[\s_-]?trolley/, "add_to_trolley"),
      p(/add[\s_-]?(?:product|item)(?:$|[\s_-])/, "add-product"),
      p(/add-?cart/, "add-cart"),
      "tocart",
      p(/to-?basket/, "to-basket"),
      p(/buy[\s_-]?(now|button|btn)/, "buynow"),
      p(/btn[\s_-]?buy/, "btnbuy"),
      p(/(^|[\s_-])buy([\s_-]|$)/, "buy"),
    ],
  },
  /**
   * Something cart-like: a button so named is a buy control whatever its words; a link or box so
   * named is one when its words say so.
   */
  cartLike: {
    any: [
      "cart",
      "basket",
      "bag",
      "buy",
      // Not "border", "reorder", "sortorder".
      p(/(?<![a-z])order/, "order-now"),
      "purchase",
      "checkout",
    ],
    de: ["korb"],
    cs: ["kosik"],
    hu: ["kosar"],
    pl: ["koszyk"],
    fr: ["panier"],
    es: ["carrito"],
    it: ["carrello"],
    nl: ["winkelwagen"],
  },
  /** A quantity field (its name, id or class): the structure of a buy box. */
  quantity: {
    any: ["qty", "quantit"],
    de: ["menge", "anzahl"],
    es: ["cantidad"],
    pt: ["quantidade"],
    pl: ["ilosc", "ilość"],
    cs: ["počet", "pocet"],
    hr: ["kolicin", "količin"],
    ru: ["количеств"],
    et: ["kogus"],
    lt: ["kiekis"],
    lv: ["daudzum"],
    hu: ["mennyiség"],
    tr: ["adet"],
    zh: ["数量", "數量"],
    ko: ["수량"],
    ja: ["個数"],
  },
} as const satisfies Record<string, Words>;

/**
 * Hiding classes: whole class names (as written, case kept) that hide an element from a person.
 * Each holds "hid" or "none", or the pre-filter of patterns.ts names it.
 */
export const HIDDEN_CLASSES: readonly string[] = [
  "hidden",
  "aok-hidden",
  "a-hidden",
  "d-none",
  "is-hidden",
  "wt-display-none",
  "hide",
  "visually-hidden-none",
  "u-hidden",
  "idnone",
];

/**
 * Classes marking the chosen one of a row of choices ("swatch--selected", "is-active"): a whole
 * class name, or its last part after "-" or "_" (scan/collectors/price-texts.ts, `isChosen`).
 */
export const CHOSEN_CLASSES: readonly string[] = ["selected", "active", "checked", "chosen"];

/** Visible words: read in the page's text (and a control's title or label), in any case. */
export const VISIBLE_WORDS = {
  /** Words of a buy control: buy, add to cart, order. */
  buy: {
    en: [
      p(/add[\s-]?to[\s-]?cart/, "add to cart"),
      p(/add[\s-]?to[\s-]?bag/, "add to bag"),
      p(/add[\s-]?to[\s-]?basket/, "add-to-basket"),
      p(/add[\s-]?to[\s-]?trolley/, "add to trolley"),
      "buy now",
      "buy it now",
      "purchase",
      "order now",
      // A fulfilment choice's own button: "Pick it up", "Ship it", "Deliver it".
      "pick it up",
      "ship it",
      "deliver it",
      p(/pick ?up in store/, "pick up in store"),
      // The button's whole text: "Add" alone (grocery stores' buttons).
      p(/^add$/, "add"),
      // A pharmacy's: "Add for shipping", "Add for pickup", "Add for same day delivery".
      p(/^add for (?:shipping|pickup|(?:same[- ]day )?delivery)$/, "add for shipping"),
    ],
    pt: ["adicionar ao carrinho", "adicionar à sacola", "encomendar", "compre já"],
    es: [
      "cómpralo ya",
      "agregar al carro",
      "agregar al carrito",
      p(/añadir a(l)? (la )?cesta/, "añadir a la cesta"),
      p(/añadir a(l)? (la )?carrito/, "añadir al carrito"),
      p(/añadir a(l)? (la )?carro/, "añadir al carro"),
      p(/(?:agregar|añadir) a (?:mi |la )?bolsa/, "agregar a mi bolsa"),
      // The button's whole text: "Agregar" ("add") alone, as grocery and department stores write it.
      p(/^(?:agregar|añadir)$/, "agregar"),
      "comprar",
    ],
    lv: ["pievienot grozam", "grozā", "pirkt"],
    sl: ["naroči", "košarico"],
    sk: ["objednať", "do košíka", "kúpiť"],
    cs: ["objednat", "do košíku", "koupit"],
    pl: ["zamów", "do koszyka", "kup teraz"],
    hr: ["naruči", "košaricu"],
    fr: ["commander", "ajouter au panier", "acheter"],
    it: ["ordina", "aggiungi al carrello", "acquista", "compralo subito"],
    de: ["warenkorb", "in den einkaufswagen", "kaufen", "bestellen"],
    nl: ["in winkelwagen", "in winkelmand", "nu kopen", "koop nu"],
    sv: ["lägg i varukorgen", "köp"],
    da: ["læg i kurv", "køb"],
    no: ["legg i handlekurv", "kjøp"],
    sr: ["dodaj u korpu", "kupi"],
    // Also the Russian "купить" and the Ukrainian "купити".
    bg: ["купи", "в количката"],
    hu: ["v kosár", "kosárba", "vásárl"],
    ro: ["adauga in cos", "în coș", "cumpără"],
    // "pirkti" (lt) holds the Latvian "pirkt".
    lt: ["į krepšelį"],
    et: ["ostukorvi"],
    fi: ["lisää ostoskoriin", "osta"],
    el: ["στο καλάθι", "αγορά"],
    tr: ["sepete ekle", "satın al"],
    ru: ["в корзину", "заказать"],
    uk: ["у кошик"],
    kk: ["себетке"],
    ar: ["أضف إلى السلة", "أضف للسلة", "أضف إلى الحقيبة", "اشتر"],
    he: ["הוסף לסל", "הוספה לסל"],
    zh: ["加入購物車", "加入购物车", "直購", "購買", "购买"],
    ja: ["カートに入れる", "カートに追加", "購入"],
    ko: ["장바구니", "구매하기", "바로구매"],
    vi: ["thêm vào giỏ", "mua ngay"],
    id: [
      "tambah ke keranjang",
      "masukkan keranjang",
      p(/\+ ?keranjang/, "+ keranjang"),
      "beli sekarang",
    ],
    th: ["หยิบใส่ตะกร้า", "ใส่รถเข็น", "ไปยังรถเข็น", "ซื้อเลย"],
  },
  /** Adding to the cart itself (a page that has such a control is a product page). */
  addToCart: {
    any: [
      p(/add[\s_-]?to[\s_-]?cart/, "add to cart"),
      p(/add[\s_-]?to[\s_-]?bag/, "add_to_bag"),
      p(/add[\s_-]?to[\s_-]?basket/, "add-to-basket"),
      p(/add[\s_-]?to[\s_-]?trolley/, "add to trolley"),
      p(/buy[\s_-]?now/, "buy now"),
    ],
    de: ["in den warenkorb"],
    fr: ["ajouter au panier"],
    es: [
      p(/añadir a(l)? (la )?cesta/, "añadir a la cesta"),
      p(/añadir a(l)? (la )?carrito/, "añadir al carrito"),
      p(/añadir a(l)? (la )?carro/, "añadir a carro"),
    ],
    it: ["aggiungi al carrello"],
    nl: ["in winkelwagen"],
    pl: ["dodaj do koszyka"],
    sv: ["lägg i varukorgen"],
  },
  /** The cart itself, named in a control's text or title. */
  cartNoun: {
    en: ["cart", "basket", "trolley", p(/bag\b/, "bag")],
    fr: ["panier"],
    de: ["warenkorb", "einkaufswagen"],
    it: ["carrello"],
    es: ["carrito", "cesta"],
    pt: ["carrinho", "sacola"],
    nl: ["winkelwagen", "winkelmand"],
    pl: ["koszyk"],
    cs: ["košík", "kosik"],
    sl: ["košar"],
    sr: ["korp"],
    hu: ["kosár"],
    ro: ["coș", p(/cos\b/, "cos")],
    lv: ["grozs", "grozā"],
    lt: ["krepšel"],
    et: ["ostukorv"],
    fi: ["ostoskori"],
    sv: ["varukorg"],
    da: ["kurv"],
    tr: ["sepet"],
    ru: ["корзин"],
    uk: ["кошик"],
    bg: ["количк"],
    el: ["καλάθι"],
    ar: ["سلة"],
    // A whole word: "\b" is a boundary of Latin words only, and never held after "סל".
    he: [p(/סל(?![א-ת])/, "סל")],
    zh: ["購物車", "购物车"],
    ja: ["カート"],
    ko: ["장바구니"],
    vi: ["giỏ"],
    id: ["keranjang"],
    th: ["ตะกร้า", "รถเข็น"],
  },
  /** Sold out, unavailable, notify me: the product cannot be bought now. */
  soldOut: {
    en: [
      "sold out",
      "out of stock",
      "not available",
      "unavailable",
      "notify me",
      "email me when",
      p(/cannot be purchased/, "cannot be purchased"),
      p(/cannot be ordered/, "cannot be ordered"),
      p(/cannot be bought/, "cannot be bought"),
      p(/can't be purchased/, "can't be purchased"),
      p(/can't be ordered/, "can't be ordered"),
      "no longer available",
      "discontinued",
      // Not on sale yet: a later "back in stock" alert is the launch.
      "coming soon",
      p(/not possible to buy/, "not possible to buy"),
      p(/not possible to order/, "not possible to order"),
      // A marketplace's listing that sold or ended ("This listing sold on Fri, Nov 21", "This
      // item has sold"): no longer for sale.
      p(/this (?:listing|item) (?:has )?(?:sold|ended)\b/, "this listing has ended"),
      // Shown with its price, bought only in a shop: none to buy here online (decision 0088).
      p(/in[- ]stores? only/, "in-store only"),
      "not sold online",
      p(/only (?:available|sold) in[- ]stores?/, "only available in stores"),
    ],
    de: [
      "ausverkauft",
      // A marketplace's listing that ended ("Dieses Angebot wurde beendet").
      p(/angebot wurde beendet/, "angebot wurde beendet"),
      p(/nicht (mehr )?verfügbar/, "nicht mehr verfügbar"),
      "nicht lieferbar",
      "derzeit nicht",
      p(/nicht (?:mehr )?bestellbar/, "nicht bestellbar"),
      "nicht erhältlich",
      p(/nur (?:im markt|in der filiale) erhältlich/, "nur im markt erhältlich"),
      p(/nicht online (?:bestellbar|erhältlich|kaufbar)/, "nicht online bestellbar"),
      "demnächst",
      // A notify-me control: the product comes back later ("Benachrichtigen, wenn verfügbar").
      p(
        /benachrichtig\S*,? wenn (?:wieder )?(?:verfügbar|lieferbar)/,
        "benachrichtigen, wenn verfügbar",
      ),
    ],
    fr: [
      "épuisé",
      "rupture de stock",
      "indisponible",
      "plus disponible",
      "bientôt disponible",
      "uniquement en magasin",
      "non vendu en ligne",
      p(
        /(?:m'alerter|me prévenir|prévenez-moi) (?:du retour|quand|lorsque|dès)/,
        "m'alerter du retour",
      ),
    ],
    es: [
      "agotado",
      "sin stock",
      "no disponible",
      "no se puede comprar",
      "próximamente",
      p(/solo (?:disponible )?en tienda/, "solo disponible en tienda"),
      p(/av[ií]same cuando/, "avísame cuando"),
    ],
    it: [
      "esaurito",
      "non disponibile",
      p(/non (?:è )?acquistabile/, "non è acquistabile"),
      "non ordinabile",
      "avvisami quando",
      p(/(?:disponibile )?solo in negozio/, "solo in negozio"),
    ],
    pt: ["esgotado"],
    nl: ["uitverkocht", "niet beschikbaar", "niet leverbaar", "alleen in de winkel"],
    pl: [
      "wyprzedan",
      "niedostępn",
      "brak w magazynie",
      p(/nie można kupić/, "nie można kupić"),
      p(/nie można zamówić/, "nie można zamówić"),
    ],
    cs: [
      "vyprodáno",
      "nedostupn",
      "není skladem",
      p(/nelze koupit/, "nelze koupit"),
      "nelze objednat",
    ],
    sk: [
      "vypredané",
      p(/nie je možné (?:produkt )?kúpiť/, "nie je možné kúpiť"),
      p(/nie je možné (?:produkt )?objednať/, "nie je možné produkt objednať"),
    ],
    sl: ["razprodano", "ni na zalogi", "ni mogoče kupiti"],
    hr: ["rasprodano", "nema na zalihi", "nije moguće kupiti"],
    hu: ["elfogyott", "nincs raktáron", "nincs készleten", "nem rendelhető", "értesítést kérek"],
    ro: [
      "stoc epuizat",
      "indisponibil",
      p(/nu este disponibil/, "nu este disponibil"),
      p(/nu mai este disponibil/, "nu mai este disponibil"),
    ],
    lv: ["nav pieejams", "izpārdots"],
    lt: ["išparduota", "nėra sandėlyje"],
    et: ["läbi müüdud"],
    fi: ["loppu"],
    sv: ["slutsåld", "tillfälligt slut"],
    da: ["udsolgt", "ikke på lager"],
    no: ["utsolgt"],
    tr: ["tükendi", "stokta yok"],
    ru: ["нет в наличии", "распродан", "нет на складе", "недоступ", "нельзя купить"],
    uk: ["немає в наявності"],
    el: ["εξαντλήθηκε", "μη διαθέσιμο"],
    ar: ["نفدت", "غير متوفر"],
    he: ["אזל"],
    zh: ["缺貨", "缺货", "售完", "暫無庫存", "暂无库存", "無法購買", "无法购买"],
    ja: ["在庫切れ", "品切れ", "売り切れ", "販売終了", "在庫なし", "入荷お知らせ"],
    ko: ["품절", "구매 불가", "구매불가", "재입고 알림"],
    vi: ["hết hàng"],
    id: ["stok habis", "habis terjual"],
    th: ["สินค้าหมด"],
  },
  /**
   * One seller named beside sold-out words ("Currently unavailable from this seller."): that
   * seller's offer, not the product's stock, when others offer it close by (availability.ts).
   */
  oneSeller: {
    en: [p(/(?:from|by) this seller/, "from this seller")],
    de: ["bei diesem verkäufer"],
    fr: [p(/(?:chez|auprès de) ce vendeur/, "chez ce vendeur")],
    es: ["de este vendedor"],
    it: ["da questo venditore"],
  },
  /**
   * A size, colour or other variant named beside sold-out words ("Size L is sold out"): that
   * variant's stock, not the product's (issue #34 class 8).
   */
  variant: {
    en: ["size", p(/colou?r/, "colour"), "variant"],
    de: ["größe", "farbe"],
    fr: ["taille", "couleur", "pointure"],
    es: ["talla"],
    it: ["taglia"],
    pt: ["tamanho"],
    nl: ["maat", "kleur"],
    pl: ["rozmiar", "kolor"],
    sv: ["storlek", "färg"],
    cs: ["velikost", "barva"],
  },
  /**
   * A heading (h2-h4) naming a row of other products: what its section holds after it is not
   * the product's own box, whatever its class names (issue #34).
   */
  elsewhereHeading: {
    en: [
      p(/also (?:viewed|bought|purchased|like)/, "customers also viewed"),
      p(/(?:may|might) (?:also )?like/, "you may like"),
      "similar",
      "recommend",
      "recently viewed",
      "related products",
      // "Products related to this item", "Related items".
      p(/related to this (?:item|product)/, "related to this item"),
      "related items",
      "sponsored",
      // Cross-sells: other products to buy with this one.
      p(/(?:use|pair|wear) (?:it|them) with/, "use it with"),
      p(/(?:goes|go|pairs|pair) (?:well|perfectly|great) with/, "goes well with"),
      p(/(?:complete|shop|get) the look/, "complete the look"),
      "bought together",
      // What people say of it: their amounts are no price of the product ("I paid $30 …").
      "customer reviews",
      "ratings & reviews",
      // A section headed "Reviews" alone ("Reviews (1,287)"), not "212 reviews" under the title.
      p(/^reviews\b/, "reviews"),
      // Protection plans offered beside the product: "Protect your laptop", "Add protection".
      p(/^(?:protect your|add (?:a )?protection)\b/, "protect your"),
      p(/questions (?:&|and) answers/, "questions & answers"),
      // A marketplace's other listings of the same seller: "More from this shop", "More items
      // from this seller", "Other items from this closet".
      p(
        /(?:more|other) (?:items |listings )?from (?:this|the) (?:shop|seller|store|closet|maker)/,
        "more from this shop",
      ),
      // A shop's or seller's page: "All items", "All listings" head its grid of products.
      p(/^all (?:items|listings|products)\b/, "all items"),
    ],
    de: [
      p(
        /(?:mehr|weitere artikel) (?:von diesem|des) (?:verkäufer|shop)/,
        "mehr von diesem verkäufer",
      ),
      p(/^alle (?:artikel|produkte)\b/, "alle artikel"),
      "das könnte",
      "kundenrezensionen",
      "kundenbewertungen",
      "ähnliche",
      "kauften auch",
      "zuletzt angesehen",
      "empfehl",
      "passend dazu",
      "zusammen gekauft",
      "sahen sich auch",
    ],
    fr: [
      p(
        /(?:plus d'articles|autres articles) (?:de ce|du) (?:vendeur|membre)/,
        "autres articles du vendeur",
      ),
      "articles du membre",
      p(/^tous les (?:articles|produits)\b/, "tous les articles"),
      "vous aimerez",
      "ont également consulté",
      "ont aussi acheté",
      "similaires",
      "recommand",
      "consultés récemment",
      "achetés ensemble",
      "avis clients",
      p(/complét(?:ez|er) (?:le|votre) look/, "complétez le look"),
    ],
    es: [
      p(/más (?:artículos )?de este vendedor/, "más de este vendedor"),
      p(/^todos los (?:artículos|productos)/, "todos los artículos"),
      "también te",
      "también vieron",
      "también compraron",
      "parecidos",
      "recomend",
      "comprados juntos",
      "completa el look",
      "opiniones de clientes",
    ],
    it: [
      "potrebbe piacerti",
      "hanno visto anche",
      "hanno acquistato anche",
      "simili",
      "consigliat",
      "acquistati insieme",
      "completa il look",
      "recensioni dei clienti",
    ],
    nl: [
      "vergelijkbare",
      "ook bekeken",
      "bekeken ook",
      "kochten ook",
      "aanbevolen",
      "samen gekocht",
    ],
    pl: ["podobne", "polecane", "kupowane razem"],
    pt: ["semelhantes", "também pode gostar", "quem viu"],
    sv: ["liknande", "andra köpte"],
    fi: ["samankaltai", "saatat pitää"],
    et: ["sarnased", "huvitatud ka"],
    cs: ["podobné", "doporučujeme"],
    ru: ["похожие", "рекомендуем"],
    tr: ["benzer ürünler"],
    ar: ["مشابهة", "قد يعجبك"],
    ja: ["関連商品", "この商品を見た人"],
    zh: ["相关商品", "猜你喜欢", "相關商品"],
    ko: ["관련 상품", "비슷한 상품"],
  },
  /**
   * The page's first <h1> saying it lists a search's results ("1,240 results for canon ae-1",
   * "Search results", "Ergebnisse für …"): no product's page, whatever its address.
   */
  searchResults: {
    en: [p(/\bresults? for\b/, "results for"), "search results"],
    de: ["ergebnisse für", "suchergebnisse"],
    fr: ["résultats pour", "résultats de recherche"],
    es: ["resultados para", "resultados de búsqueda"],
    it: ["risultati per", "risultati della ricerca"],
    nl: ["resultaten voor", "zoekresultaten"],
  },
  /**
   * A seat's price ("C$184.50 / ticket", "Est. fees $31.20 per ticket"): a page selling an
   * event's tickets (a resale listing, an event's seats) offers no product.
   */
  perTicket: {
    en: [p(/(?:\/|per)\s*ticket\b/, "/ ticket")],
    de: [p(/pro\s*(?:ticket|karte)\b/, "pro ticket")],
    fr: [p(/(?:par|\/)\s*billet\b/, "par billet")],
    es: [p(/por\s*(?:entrada|boleto)\b/, "por entrada")],
  },
  /**
   * A price filter's bound before its amount, the whole text of a link or checkbox ("Under $25",
   * "Over $100", "bis 50 €"): with a range ("$25 – $50") or a bound after ("$100 & Above"), a list's
   * filter of price ranges (listing-address.ts `isFilteredList`).
   */
  priceBoundBefore: {
    en: ["under", "below", "less than", "up to", "over", "above", "more than"],
    de: ["bis", "unter", "über", "ab"],
    fr: ["moins de", "plus de", "jusqu'à"],
    es: ["menos de", "más de", "hasta"],
    pt: ["até", "acima de"],
  },
  /** A price filter's bound after its amount ("$100 & Above", "$200 and up", "100 € und mehr"). */
  priceBoundAfter: {
    en: [p(/(?:&|and) (?:above|up|over|more)/, "& above")],
    de: ["und mehr"],
    fr: ["et plus"],
    es: ["y más"],
  },
  /** In stock, available (read after the sold-out words: "indisponible" holds "disponible"). */
  inStock: {
    en: ["in stock", p(/only \d+ left/, "only 3 left")],
    de: ["auf lager"],
    fr: ["en stock"],
  },
  /** The same, as a word of its own (no letter before it). */
  inStockWord: {
    en: ["available"],
    fr: ["disponible"],
    it: ["disponibile"],
    cs: [p(/dostupn[ée]/, "dostupné"), "skladem"],
    sk: ["skladom"],
    sl: ["na zalogi"],
    hr: ["na stanju"],
    hu: ["raktáron"],
    ro: ["în stoc"],
    lv: ["noliktavā"],
    lt: ["sandėlyje"],
    et: ["laos"],
    sv: ["i lager"],
    no: ["på lager"],
    nl: ["op voorraad"],
    de: ["lieferbar"],
    pt: ["em estoque"],
    es: ["en existencia"],
    ru: ["в наличии"],
    uk: ["є в наявності"],
    tr: ["stokta var"],
    zh: ["有現貨", "有货"],
    ja: ["在庫あり"],
    ko: ["재고 있음"],
  },
  /** For pre-order. */
  preorder: {
    en: [p(/pre-?order/, "pre-order")],
    de: ["vorbestell"],
    fr: ["précommande"],
    es: ["reserva", "preventa"],
    it: ["preordin"],
    pl: ["przedsprzeda"],
    pt: [p(/pré-?venda/, "pré-venda")],
    ja: ["予約受付", "予約する"],
    ko: ["예약판매", "사전예약"],
  },
  /** An old price's words just before it ("was", "RRP", "statt", "avant"). */
  oldPrice: {
    en: [
      "was",
      "before",
      "reg",
      "regular",
      "rrp",
      "msrp",
      "list",
      "list price",
      "old price",
      "original",
      "orig",
      "originally",
      "compare at",
      "compare to",
      "retail",
      "market price",
      "estimated value",
      "est. value",
      "compare",
      "comp. value",
      "compare value",
      "comparable value",
      "valued at",
      "typical price",
      "previous price",
      // "Price before savings $2,499.00", then the saving and the price.
      p(/before (?:instant )?(?:savings|discounts?)/, "before savings"),
      // India's maximum retail price, the list price beside the selling price.
      "mrp",
      "m.r.p.",
    ],
    de: [
      "uvp",
      "statt",
      "vorher",
      "bisher",
      "früher",
      "vergleichspreis",
      "streichpreis",
      "listenpreis",
      "ursprünglich",
      "alter preis",
      "preisempfehlung",
    ],
    fr: ["avant", "au lieu de", "prix barré", "ancien prix", "prix public conseillé"],
    es: ["antes", "precio anterior", "pvp", "precio recomendado"],
    it: ["prima", "invece di", "prezzo di listino", "prezzo precedente"],
    nl: ["van", "voor", "oude prijs"],
    sv: [
      "tidigare",
      "före",
      "ordinarie",
      p(/ord\. ?pris/, "ord. pris"),
      "normalpris",
      p(/rek\. ?pris/, "rek. pris"),
      "rekommenderat pris",
    ],
    da: ["ordinær", "før", "førpris", "vejl. pris"],
    no: ["veil. pris"],
    cs: ["dříve", "původně", "původní cena", "běžná cena"],
    sk: ["pôvodne", "bežná cena"],
    sl: ["prej", "redna cena"],
    pl: [
      "stara cena",
      "cena regularna",
      "wcześniej",
      "cena katalogowa",
      "poprzednia cena",
      "cena poprzednia",
    ],
    fi: ["norm.", "ovh.", "normaalihinta"],
    pt: ["preço anterior"],
    ru: ["было", "старая цена"],
    hu: ["régi ár"],
    ro: ["pret vechi"],
    lv: ["vecā cena"],
    lt: ["ankstesnė"],
    et: ["tavahind"],
    zh: ["原價", "原价", "定價", "定价", "市價", "市价", "建議售價"],
    ko: ["정가"],
    ja: ["通常価格", "参考価格"],
  },
  /**
   * A label naming an old price, read right before its amount like `oldPrice` or, as a
   * screen-reader label, right after it ("$30.00 <span class=sr-only>Regular Price</span>
   * $24.00") when a lower amount follows the label.
   */
  oldPriceLabel: {
    en: [
      "regular price",
      "original price",
      "retail price",
      "was price",
      "compare at price",
      "compare-at price",
      "estimated value",
      "est. value",
      "retail value",
    ],
    de: ["ursprünglicher preis", "regulärer preis"],
    // A recommended retail price is the old one beside a lower price.
    fr: ["prix initial", "prix d'origine", "prix habituel", "prix conseillé", "prix de référence"],
    es: ["precio original", "precio habitual", "precio regular", "pvp recomendado", "pvpr"],
    it: ["prezzo originale", "prezzo pieno", "prezzo consigliato"],
    pt: ["preço original", "preço normal", "preço recomendado"],
    nl: ["oorspronkelijke prijs", "normale prijs", "adviesprijs"],
  },
  /**
   * A reduction written "from OLD for NEW" in one text ("De R$ 199,90 por R$ 149,90", "Van €
   * 59,99 voor € 39,99", "von 59,99 € auf 44,99 €"): the word before the old (higher) amount …
   */
  reductionFrom: {
    pt: ["de"],
    es: ["de"],
    nl: ["van"],
    de: ["von"],
    it: ["da"],
  },
  /** … and the word between the two amounts, before the new one. */
  reductionTo: {
    pt: ["por"],
    es: ["por"],
    nl: ["voor"],
    de: ["auf"],
    it: ["a"],
  },
  /**
   * A label naming an old price read only right after its amount, in its own text or the next
   * ("$42.00 Value" then "$24.00": a gift set's value), when a lower amount follows.
   */
  oldPriceLabelAfter: {
    en: ["value"],
  },
  /**
   * Words right after an amount saying that the price to pay is shown only in the cart or on
   * request (a minimum advertised price: "MSRP $899.00 Click for price"): the amount shown is no
   * price to pay, and nothing on the page is.
   */
  priceInCart: {
    en: [
      "click for price",
      "see price in cart",
      "see price in bag",
      "see final price in cart",
      p(
        /add (?:it |this item )?to (?:cart|bag) to see (?:our |the |final )?price/,
        "add to cart to see our price",
      ),
      "add to cart for price",
      "see price at checkout",
      "price shown in cart",
      p(/to see (?:our|the) price/, "to see our price"),
      // A price a person must ask for or sign in to see: none the page shows.
      p(/(?:log|sign) ?in (?:to see|for) (?:the |our )?pric(?:ing|es|e)/, "log in to see pricing"),
      "price on request",
      "call for price",
    ],
    de: ["preis im warenkorb", "preis auf anfrage"],
    fr: ["prix sur demande"],
    es: ["precio a consultar"],
    it: ["prezzo su richiesta"],
    nl: ["prijs op aanvraag"],
    pl: ["cena na zapytanie"],
  },
  /**
   * Words right after an amount naming it the price paid at once, in cash or by instant transfer
   * ("R$ 1.199,90 à vista no PIX", "no boleto", "al contado"): a higher amount of the product
   * close by is the price paid by card or in instalments (sale-marks.ts `markCashPrice`).
   */
  cashPrice: {
    pt: ["à vista", p(/\b(?:no|via|com|pagando no) pix\b/, "no pix"), "no boleto"],
    es: ["al contado", "de contado"],
  },
  /**
   * Words right before a current (sale) price: the higher amount just before it is the old
   * price ("$64.95" then "Now $52.00" in the next element; issue #34 class 4).
   */
  nowPrice: {
    en: [
      "now",
      "sale",
      "sale price",
      "now only",
      "your price",
      "our price",
      "deal price",
      "special price",
      "offer price",
      "discounted price",
      "clearance",
      "clearance price",
      "you pay",
      "final price",
      "price after discount",
      // "Price after $500 OFF $2,199.99": the price once the store's own instant saving is off.
      p(/price after \S{1,12} off/, "price after $500 off"),
    ],
    de: ["jetzt", "nur", "aktionspreis"],
    fr: ["maintenant", "prix promo"],
    es: ["ahora"],
    it: ["ora", "adesso"],
    nl: ["nu"],
    pl: ["teraz", "nasza cena", "cena promocyjna"],
    pt: ["agora"],
    cs: ["naše cena", "akční cena"],
    sk: ["naša cena", "akciová cena"],
  },
  /**
   * The EU's "lowest price in the last 30 days" before a reduction (Directive 98/6/EC art. 6a),
   * right before its amount: a reference of its own, never the price (issue #34, for #37).
   */
  lowest30d: {
    en: [
      p(
        /lowest (?:total )?price (?:in|of|over|during|from) the (?:last|past|previous) 30 days/,
        "lowest price in the last 30 days",
      ),
      p(/lowest price in 30 days/, "lowest price in 30 days"),
      p(/30-day low(?:est)? price/, "30-day low price"),
    ],
    de: [
      p(
        /niedrigste[rn]? (?:gesamt)?preis (?:der|in den|während der) letzten 30 tage/,
        "niedrigster preis der letzten 30 tage",
      ),
      p(/tiefstpreis der letzten 30 tage/, "tiefstpreis der letzten 30 tage"),
    ],
    fr: [
      p(
        /prix le plus bas (?:pratiqué )?(?:des|au cours des|sur les|lors des) 30 derniers jours/,
        "prix le plus bas des 30 derniers jours",
      ),
    ],
    es: [
      p(/precio más bajo (?:de|en) los últimos 30 días/, "precio más bajo de los últimos 30 días"),
    ],
    it: [
      p(
        /prezzo più basso (?:degli|negli|nei|dei) ultimi 30 giorni/,
        "prezzo più basso degli ultimi 30 giorni",
      ),
    ],
    pl: [p(/najniższa cena z(?: ostatnich)? 30 dni/, "najniższa cena z 30 dni")],
    nl: [
      p(
        /laagste prijs (?:van|in|uit) de (?:afgelopen|laatste) 30 dagen/,
        "laagste prijs van de afgelopen 30 dagen",
      ),
    ],
    pt: [p(/preço mais baixo (?:dos|nos) últimos 30 dias/, "preço mais baixo dos últimos 30 dias")],
    cs: [p(/nejnižší cena za posledních 30 dn/, "nejnižší cena za posledních 30 dní")],
    sk: [p(/najnižšia cena za posledných 30 dn/, "najnižšia cena za posledných 30 dní")],
    sv: [
      p(/lägsta pris(?:et)? (?:under )?de senaste 30 dagarna/, "lägsta pris de senaste 30 dagarna"),
    ],
    da: [p(/laveste pris (?:i )?de seneste 30 dage/, "laveste pris de seneste 30 dage")],
    ro: [p(/cel mai mic preț din ultimele 30 de zile/, "cel mai mic preț din ultimele 30 de zile")],
    hu: [p(/30 nap(?:os)? legalacsonyabb ár/, "30 napos legalacsonyabb ár")],
  },
  /** Shipping and delivery costs, free-shipping thresholds. */
  shipping: {
    en: [
      // Where "ship" starts no word.
      p(/shipping/, "freeshipping"),
      p(/\bship/, "ship"),
      "delivery",
      "postage",
      "transport",
    ],
    de: ["versand", "lieferung"],
    fr: ["livraison", "frais de port"],
    es: ["envío"],
    pt: ["envio", "portes"],
    it: ["spedizione", "consegna"],
    nl: ["verzend"],
    sv: ["frakt"],
    da: ["fragt"],
    // Stems, so that inflected forms count too ("dopravy", "dostawy", "доставки", "piegādes").
    cs: ["doprav"],
    hr: ["dostav"],
    pl: ["dostaw", "wysyłk"],
    ru: ["доставк"],
    hu: ["szállítás"],
    lv: ["piegād"],
    lt: ["pristatym"],
    et: ["tarne", "toimetami"],
    fi: ["toimitus"],
    ro: ["livrare"],
    tr: ["kargo"],
    zh: ["運費", "运费"],
    ko: ["배송"],
    ja: ["送料"],
  },
  /** An order's minimum or what is missing to reach it: not an amount of the item. */
  orderMinimum: {
    en: [p(/spend \S+ more/, "spend $5 more"), "minimum order"],
  },
  /**
   * Beside a shipping word (no more than a word between), what makes delivery free: "free
   * shipping", "kostenloser Versand", "livraison offerte", "spedizione gratuita" (issue #37 item 6).
   */
  freeShipping: {
    en: [p(/\bfree/, "free")],
    any: ["gratis"],
    de: ["kostenlos", "frei"],
    // "gratuit" also stands in Italian, Spanish and Portuguese "gratuita", "gratuito".
    fr: ["gratuit", "offert"],
    pt: ["grátis"],
    pl: ["darmow", "bezpłatn"],
    cs: ["zdarma"],
    sv: [p(/\bfri\b/, "fri")],
  },
  /**
   * Right before a free-shipping threshold's amount (besides promotionBefore's "on orders over"):
   * "Free shipping over $35", "Kostenloser Versand ab 29 €", "Livraison gratuite à partir de 25 €".
   */
  shippingThreshold: {
    en: ["over", "above", "orders"],
    de: ["ab", "über"],
    fr: ["à partir de", "au-delà de"],
    es: ["a partir de", "desde", "más de"],
    it: ["a partire da", p(/sopra(?: i)?/, "sopra i"), "oltre"],
    pt: ["acima de"],
    nl: ["vanaf", "boven"],
    pl: ["od", "powyżej"],
    sv: ["över"],
  },
  /** Right after a free-shipping threshold's amount: "Free shipping on $35+ orders", "$50 and up". */
  shippingThresholdAfter: {
    en: [p(/\+/, "+"), "and up", "or more", "and over"],
    de: ["und mehr"],
    fr: ["et plus"],
    es: ["o más"],
  },
  /**
   * Beside a shipping figure, words that make it conditional, not the store's cost or threshold:
   * "free shipping over $50 with code SHIP", "$4.99 per item", "+ 2 € jede weitere".
   */
  shippingCondition: {
    en: [p(/\bcode\b/, "code"), "coupon", "voucher", "per item", "each additional"],
    de: ["gutschein", "jede weitere"],
    fr: ["bon de réduction", "article supplémentaire"],
    es: ["cupón"],
    it: ["buono sconto"],
  },
  /** Between an amount and the quantity it is the price of: "€12.50 per kg", "3,98 € pro kg", "12,50 € le kg". */
  perMeasure: {
    en: ["per"],
    de: ["pro", "je"],
    fr: ["par", "le", "la", "au"],
    es: ["por", "el"],
    it: ["al"],
  },
  /** Credit, financing, instalments, a price per month. */
  instalment: {
    en: [
      "credit",
      "loan",
      "financ",
      "leasing",
      p(/instal{0,2}ments?/, "installments"),
      p(/pay in \d/, "pay in 4"),
      "monthly",
      p(/payments? of/, "payments of"),
      "interest-free",
    ],
    de: ["kredit", "monat", p(/\braten\b/, "raten"), "finanzierung"],
    lv: ["kredīt", "aizdevum", "mēnes"],
    sk: ["úver", "mesačne"],
    hu: ["hitel", p(/\bhavi\b/, "havi"), "részlet"],
    // "12 MSI": months without interest (Mexico); not the brand MSI.
    es: ["crédito", p(/cuotas?/, "cuotas"), "plazos", p(/\d+ ?msi\b/, "12 msi")],
    fr: ["mensualit", "sans frais", p(/\ben \d+ ?(?:x|fois)\b/, "en 3 fois")],
    pt: ["mensal", "parcela", p(/\d ?x de\b/, "10x de")],
    it: ["rata", "al mese"],
    nl: ["termijn", "per maand"],
    cs: ["splátk", "měsíčně"],
    sl: ["obrok", "mesečno"],
    pl: [p(/\brat[ay]? /, "raty "), "miesięcznie"],
    ru: ["рассрочк", "в месяц"],
    ro: ["lunar"],
    lt: ["mėn"],
    et: ["kuus"],
    // "12 ay" (months): the number before it, so that "pay", "day", "today" never hold it.
    tr: ["taksit", p(/\d\s*ay\b/, "12 ay"), "aylık"],
    // 期 also stands in 分期 (instalments); 分割 (ja), not 割 alone: 割引価格 is a discounted price.
    zh: ["期"],
    ko: ["할부", "개월"],
    ja: ["分割"],
  },
  /** Savings: "you save", "ahorra". */
  save: {
    // A coupon's or voucher's value is a saving too ("Coupon $5.00", "Gutschein 5,00 €").
    en: ["save", "saving", "coupon"],
    // Not "spar" anywhere: "sparkle", "transparency", "spare" are English.
    de: [p(/\bspar(?:en|st|t\b|preis|-?abo)/, "sparen"), "gutschein"],
    fr: ["économisez", "économie"],
    es: ["ahorra", "ahorro", "cupón"],
    it: ["risparmi", "buono sconto"],
    nl: ["bespaar"],
    // "spar" as a word (da), "spara"/"sparar" (sv): not inside "sparkle".
    sv: [p(/\bspara?r?\b/, "spara")],
    fi: ["säästä"],
    pt: ["poupe", "poupança"],
    cs: ["ušetř", "ušetr"],
    sk: ["prihran"],
    hr: ["uštedi"],
    pl: ["oszczędz"],
    ru: ["экономия", "выгода"],
    hu: ["megtakarít"],
    ro: ["economis"],
    lv: ["ietaupi"],
    lt: ["sutaupy"],
    et: ["säästa"],
    tr: ["tasarruf"],
    zh: ["省下", "节省", "節省"],
    // Not 할인가 nor 할인판매가, a discounted (selling) price: the price.
    ko: [p(/할인(?!가|판매가)/, "할인 금액")],
  },
  /**
   * Just before an amount, words that make it a promotion's figure, never the price: a
   * free-shipping or discount threshold ("on orders of $50"), a saving ("save $20"), a reward.
   */
  promotionBefore: {
    en: [
      p(/orders? (?:of|over|above)/, "orders of"),
      p(/off orders/, "off orders"),
      p(/purchases? (?:of|over|above)/, "purchase of"),
      p(/minimum (?:order|purchase)/, "minimum purchase"),
      "spend",
      "save",
      "up to",
      // "Earn a $10 reward", "Get an $15 gift card": an article between the word and the amount.
      p(/earn(?: an?)?/, "earn a"),
      p(/\bget(?: an?)?/, "get a"),
      // What points are worth ("Earn 2,490 points (worth $24.90)"), a gift's worth.
      p(/\bworth/, "worth"),
      // Another one's price ("Add a 2nd for $30", "Buy another for $20").
      p(/(?:add|buy) (?:a (?:2nd|second)|another)(?: one)? for/, "add a 2nd for"),
      // "2 for $5" is a multi-buy's figure; "1 for $8.99" is the price of one.
      p(/(?<![\d.,])(?:[2-9]|[1-9]\d+) for/, "2 for"),
    ],
    de: [
      "bestellwert von",
      p(/bestellungen (?:ab|über)/, "bestellungen ab"),
      "sparen sie",
      // "Ab 2 Stück 39,99 €": a price for several.
      p(/ab \d+ (?:stück|stk\.?)/, "ab 2 stück"),
    ],
    fr: ["dès", "commandes de", p(/économisez(?: jusqu'à)?/, "économisez")],
    es: [p(/(?:compras|pedidos) (?:superiores a|de|desde)/, "compras superiores a"), "ahorra"],
  },
  /**
   * Words of a sentence stating the currency the page's prices are in, right before it ("All
   * prices are in AUD", "Prices shown in CAD", "Alle Preise in CHF"): one currency so named
   * states the page's (currency-evidence.ts); a sentence naming several decides nothing.
   */
  pricesStatedIn: {
    en: [
      p(
        /\bprices (?:are )?(?:(?:shown|listed|displayed|quoted|charged) )?in/,
        "prices are shown in",
      ),
      p(/\bpriced in/, "priced in"),
    ],
    de: [p(/\bpreise (?:sind )?(?:(?:angegeben|ausgewiesen) )?in/, "preise sind in")],
    fr: [p(/\bprix (?:sont )?(?:(?:indiqués|affichés|exprimés) )?en/, "prix sont indiqués en")],
    es: [p(/\bprecios (?:están )?(?:(?:expresados|indicados) )?en/, "precios expresados en")],
    pt: [p(/\bpreços (?:estão )?(?:(?:expressos|indicados) )?em/, "preços em")],
  },
  /**
   * Just before an amount, words that make it an approximation, another currency's conversion
   * ("£259.00 (≈ €303.40)", "ca. € 1'350.00" beside "CHF 1'299.00"): never the price.
   */
  approximate: {
    any: ["≈"],
    en: [p(/approx(?:\.|imately)/, "approx.")],
    de: ["ca.", "circa", "ungefähr"],
    fr: ["env.", "environ"],
    es: ["aprox."],
    it: ["circa"],
  },
  /**
   * Just after an amount, words that make it a promotion's figure or a monthly payment: "$50 or
   * more", "$20 off", "$42/mo", "$10 in rewards".
   */
  promotionAfter: {
    en: [
      "or more",
      // With its "+": "Order by 3pm" in the next block after a price is no threshold.
      p(/\+ ?(?:orders?|purchases?)\b/, "+ orders"),
      // Not a colour: "Off-White".
      p(/off(?![a-z-])/, "off"),
      p(/\/\s*mo/, "/mo"),
      // A plan priced by the day or week ("Starting at $2.49/day", "Rent-to-own from $19/week").
      p(/(?:\/|per |a )\s*(?:day|week|wk|year|yr)\b/, "/day"),
      // A food's price per serving ("Only $0.87 per serving"), not the pack's.
      p(/per serving/, "per serving"),
      "per month",
      "a month",
      "in rewards",
      "back in",
      p(/after .{0,20}rebate/, "after $10 mail-in rebate"),
      // Not a row's label before the rebate's own amount ("$849.00" | "Mail-in Rebate -$100.00").
      p(/(?:mail-in )?rebate(?![\s:]*[-−–]?\s*\p{Sc}?\s*\d)/u, "mail-in rebate"),
      p(/with (?:a )?trade-in/, "with trade-in"),
      // An estimate after a shopper's coupons ("Est. $6.29 after coupons").
      p(/after (?:all )?(?:coupons?|discounts?|promo codes?)/, "after coupons"),
      // A price with a coupon code ("FINAL PRICE $11.99 with code JCPDEAL"): not everyone's.
      p(/with (?:promo |coupon )?code|with coupon/, "with code"),
      // A multi-buy's price of each ("$2.50 ea when you buy 4"): not one item's price.
      p(/(?:(?:ea|each)\.?\s+)?when you buy \d+/, "when you buy 4"),
    ],
    de: ["rabatt", p(/(?:im|pro|\/)\s*monat/, "im monat"), "mtl"],
    fr: ["d'achat", "de réduction", p(/(?:par|\/)\s*mois/, "par mois")],
    es: ["de descuento", p(/(?:al|por|\/)\s*mes\b/, "al mes")],
  },
  /**
   * Just before an amount, words that make it the tax part of a price, never the price:
   * "Est. tax $4.99", "davon MwSt. 3,19 €", "dont TVA 3,33 €". ("incl. tax" / "inkl. MwSt." beside a
   * price say what the price holds: they are not listed.)
   */
  taxPart: {
    en: [p(/(?:est\.?|estimated) tax(?:es)?/, "est. tax"), p(/sales tax(?:es)?/, "sales tax")],
    de: [p(/(?:davon|enthaltene) mwst\.?/, "davon mwst")],
    // An eco fee the price holds ("Éco-participation 2,00 €", "Contributo RAEE 2,00 €").
    fr: [p(/dont tva/, "dont tva"), p(/éco-?part(?:icipation|\.)?/, "éco-participation")],
    it: [p(/di cui iva/, "di cui iva"), p(/contributo raee/, "contributo raee")],
    nl: [p(/waarvan btw/, "waarvan btw")],
    es: [p(/de los cuales iva/, "de los cuales iva")],
  },
  /** Before tax: a price without VAT. */
  beforeTax: {
    en: [
      "excl",
      p(/ex\.? vat/, "ex. vat"),
      p(/ex\.? tax/, "ex tax"),
      p(/exc\.? (?:vat|tax)/, "exc. vat"),
      "without vat",
    ],
    pl: ["bez vat"],
    de: ["ohne mwst", "zzgl", "netto"],
    fr: [p(/\bht\b/, "ht"), "hors taxe", "sans tva"],
    es: ["sin iva"],
    it: ["senza iva"],
    pt: ["sem iva"],
    cs: ["bez dph"],
    sl: ["bez ddv", "brez ddv"],
    hr: ["bez pdv"],
    ru: ["без ндс"],
    hu: ["nettó"],
    ro: ["fără tva"],
    lv: ["bez pvn"],
    lt: ["be pvm"],
    et: ["km-ta"],
    tr: ["kdv hariç"],
    zh: ["未稅", "未税"],
    ko: ["부가세 별도"],
    ja: ["税抜"],
  },
  /** A deposit (bottles, rentals). */
  deposit: {
    en: ["deposit"],
    de: ["pfand", "kaution"],
    fr: ["caution"],
    nl: ["statiegeld"],
    pl: ["kaucja"],
    sv: [p(/\bpant\b/, "pant")],
  },
  /** Loyalty points, bonuses, cashback. */
  points: {
    en: ["cashback", "bonus", "points", p(/\bcard\b/, "store card")],
    ru: ["бонус"],
    es: ["puntos"],
    it: ["punti"],
    de: ["punkte"],
  },
  /**
   * A price for members of a store's club or card holders ("Member price $89.99" beside
   * "Non-member price $99.99"): a person who is not one pays the other. A non-member's price
   * is no member's ("non-" before the word).
   */
  membership: {
    en: [
      p(/(?<!non-?)member(?: price| pay| only)/, "member price"),
      // "My Rewards Plus & Total members $329.00": the members named right before their price.
      p(/(?<!non-?)members(?![a-z'’])/, "members"),
      p(/(?<!non-?)members?['’]s? price/, "members' price"),
      p(/club (?:price|members?)/, "club price"),
      // A membership program's own price ("Plus price", "IKEA Family price").
      p(/(?:plus|family) price/, "family price"),
      p(/(?:rewards|loyalty) price/, "rewards price"),
    ],
    de: ["mitgliederpreis", "mitgliedspreis", "clubpreis"],
    fr: [p(/prix (?:membre|adhérent|fidélité)/, "prix membre")],
    // A store card's price ("Precio con tarjeta CMR", "Met Plus-kaart", "с картой банка").
    es: [p(/precio (?:socio|miembro|tarjeta)/, "precio socio"), "con tarjeta"],
    it: [p(/prezzo (?:soci|socio|riservato ai soci)/, "prezzo soci")],
    nl: [p(/met [a-z]*-?kaart/, "met plus-kaart"), "klantenkaartprijs"],
    sv: ["medlemspris"],
    fi: ["kanta-asiak"],
    ru: [p(/с картой|картой (?:банка|магазина)|по карте лояльности/, "с картой")],
    he: ["מחיר מועדון", "לחברי מועדון"],
  },
  /**
   * Words, anywhere in a longer text, that label its amount as the price ("Deal of the day
   * $39.99", "Angebot der Woche 39,99 €"), as the current price's words do: such a text is no
   * sentence about another amount (amount-words.ts).
   */
  priceLabel: {
    // "or $2,495 paid in full" under a monthly figure: the whole price, no sentence.
    en: ["price", "deal", "offer", p(/paid in full|pay in full/, "paid in full")],
    de: ["preis", "angebot", "einmalzahlung"],
    fr: ["prix", "offre", p(/en une (?:seule )?fois/, "en une fois")],
    es: ["precio", "oferta"],
    it: ["prezzo", "offerta"],
    pt: ["preço"],
    nl: ["prijs"],
    pl: ["cena"],
    sv: ["pris"],
  },
  /**
   * Right after an amount, words that make it a member's price ("$19.99 with membership", "$2.99
   * with card", "$18.99 for members"): never the first price after the title.
   */
  membershipAfter: {
    en: [
      p(/with (?:a |paid )?membership/, "with membership"),
      // "$6,135 Member" beside "$8,180 Regular" (not "Member price $59.99", the next amount's
      // label, nor "Members get free shipping").
      // The word alone, then no other word: "Member $8,180", "Member ·".
      p(/members?(?=\s*(?:$|[^a-z\s]))/, "member"),
      p(/with (?:[a-z]+ )?card/, "with card"),
      // A loyalty program's price: "$19.99 with myQuick Rewards", "with Rewards".
      p(/with (?:[a-z]+ )?rewards/, "with rewards"),
      // A paid program's price: "Get it for $69.99 with ShopZen Plus".
      p(/with (?:[a-z]+ )?plus\b/, "with plus"),
      // A grocer's card price named after it: "<span>$4.99</span> <span>Club Price</span>".
      p(/club price/, "club price"),
      p(/for (?:club )?members/, "for members"),
      // "<span>$40.46</span> <span>Members price</span>", no amount after it on its line (not
      // "Member price $40.46", the next amount's label).
      p(
        /members?'? price(?![ \t]*:?[ \t]*(?:[a-z]{2,3}[ \t]?)?[$€£\d])/,
        "members price · join now",
      ),
      // "$11.99 Sign in to get this price": a member's price, shown to those signed in.
      p(/sign in (?:to get|for) (?:this|the|member) price/, "sign in to get this price"),
    ],
    de: [p(/für (?:club)?mitglieder/, "für mitglieder")],
    fr: [
      p(/pour les (?:membres|adhérents)/, "pour les membres"),
      p(/prix (?:adhérent|membre)/, "prix adhérent"),
    ],
    es: [p(/(?:precio )?con tarjeta/, "con tarjeta")],
    sv: ["medlemspris"],
    // "49 990 ₽ с Ozon Картой" (a store card's price; its "c" is sometimes a Latin letter).
    ru: [p(/[сc] (?:[a-z]+ )?картой/, "с картой")],
  },
  /**
   * A quantity tier's price ("2 or more $25.00", "ab 5 Stück 22,00 €"): what each costs when
   * buying that many, not the price of one.
   */
  quantityTier: {
    en: [p(/\d+\s*(?:or more|\+ (?:items|units|pcs))/, "2 or more")],
    de: [p(/ab \d+ (?:stück|stk|packungen|pack)/, "ab 5 packungen")],
  },
  /** Add-ons sold beside the product: a protection plan, gift wrap, installation. */
  addOn: {
    en: [
      // Another offer: the product with others ("Bundle price $49.98").
      p(/bundle (?:price|deal|and save|& save)/, "bundle price"),
      "protection plan",
      "accident protection",
      "warranty",
      "gift wrap",
      "installation",
      "assembly",
      // Fees and services sold with it: not "coffee".
      p(/\bfees?\b/, "service fee"),
      "handling",
      p(/haul[- ]?away/, "haul away"),
      "core charge",
      "engraving",
      p(/personali[sz]ation/, "personalization"),
      "monogram",
    ],
    de: ["geschenkverpackung", "montage"],
    fr: ["garantie", "emballage cadeau"],
    es: ["garantía", "envoltorio"],
    it: ["confezione regalo", "estensione di garanzia"],
  },
  /**
   * A term of months written with the amount ("12 kuud: 146,70 €", "24 months $195.60"): the
   * amount is a warranty's, a plan's or instalments' for that term, not the product's price.
   */
  term: {
    en: [p(/\d\s*months?\b/, "12 months"), p(/\d\s*[- ]?(?:years?|yrs?)\b/, "3 years")],
    fr: [p(/\d\s*mois\b/, "12 mois")],
    es: [p(/\d\s*meses\b/, "12 meses")],
    it: [p(/\d\s*mesi\b/, "12 mesi")],
    nl: [p(/\d\s*maanden\b/, "12 maanden")],
    pl: [p(/\d\s*miesi/, "12 miesięcy")],
    sv: [p(/\d\s*månader/, "12 månader")],
    et: [p(/\d\s*kuud\b/, "12 kuud")],
    fi: [p(/\d\s*kuukau/, "12 kuukautta")],
  },
  /**
   * A price for repeated deliveries ("Subscribe & Save 15% $12.74", "Spar-Abo"): the one-time
   * purchase is the price; a subscription's percentage is no sale.
   */
  subscription: {
    // "Subscribe & Save", "Spar-Abo", "Auto-Delivery" also hold "save", "spar", "delivery":
    // as amounts of another kind they are counted by those; these name the subscription.
    en: [
      p(/subscri(?:be|ption)/, "subscribe"),
      p(/auto-?ship/, "autoship"),
      p(/auto-?replenish/, "auto-replenish"),
      p(/auto-?deliver/, "autodeliver"),
    ],
    de: [p(/\babo\b/, "abo"), "abonnement"],
    fr: ["abonnez-vous"],
    es: ["suscríbete", "suscripción"],
    it: ["abbonamento"],
  },
  /**
   * A label naming the price to buy at now beside an auction's bid ("Buy It Now:", "Sofort-Kaufen:"),
   * ending with a colon right before the amount: the amount is a fixed price, and the bid's words
   * before the label are not its own (amount-words.ts `ownLead`, read-visible-text.ts `isBid`).
   */
  buyNowLabel: {
    en: ["buy it now"],
    de: ["sofort-kaufen", "sofort kaufen"],
    fr: ["achat immédiat"],
    pl: ["kup teraz"],
    es: ["cómpralo ya"],
    it: ["compralo subito"],
    nl: ["direct kopen"],
  },
  /** An auction's bids: the amount is a bid so far, not a price to buy at. */
  auction: {
    en: ["current bid", "starting bid", "place bid", p(/\d+ bids?\b/, "23 bids")],
    de: ["aktuelles gebot", "startpreis gebot", p(/\d+ gebote?\b/, "5 gebote")],
    fr: ["enchère actuelle", p(/\d+ enchères?/, "5 enchères")],
    pl: ["aktualna oferta", "licytacja", "licytuj"],
    cs: ["aktuální příhoz", "přihodit"],
    es: ["puja actual", "pujar"],
    it: ["offerta attuale", "fai un'offerta"],
    nl: ["huidig bod", "hoogste bod"],
    pt: ["lance atual"],
  },
  /** Used, refurbished, pre-owned offers. */
  used: {
    en: ["refurbished", p(/\bused\b/, "used"), "pre-owned"],
    de: ["gebraucht", "b-ware", "generalüberholt"],
    fr: ["reconditionn", "d'occasion", p(/neufs? (?:&|et) occasions?/, "neufs & occasions")],
    it: [p(/usat[oi]/, "usati")],
    es: ["usado", "seminuev"],
  },
  /**
   * What a count of results under a list's heading counts ("1,032 items", "Showing 1-24 of 48
   * results", "312 Artikel"): the whole text a count and this noun (scan/collectors/head.ts).
   */
  resultCount: {
    en: ["results", "items", "products"],
    de: ["ergebnisse", "artikel", "produkte", "treffer"],
    fr: ["résultats", "produits", "articles"],
    it: ["risultati", "prodotti", "articoli"],
    es: ["resultados", "productos", "artículos"],
    nl: ["resultaten", "producten", "artikelen"],
  },
  /** Other sellers' offers of the same product. */
  otherSellers: {
    en: ["other sellers", "more buying choices"],
    de: ["weitere angebote"],
    fr: ["autres vendeurs"],
    it: ["altri venditori"],
    es: ["otros vendedores"],
  },
  /** A robot check or bot challenge, in the page's title or h1. */
  challenge: {
    en: [
      "robot check",
      "captcha",
      p(/are you a human/, "are you a human"),
      p(/are you a robot/, "are you a robot"),
      "robot or human",
      "verify you are human",
      "pardon our interruption",
      "attention required",
      "access denied",
      "just a moment",
      "unusual traffic",
    ],
  },
} as const satisfies Record<string, Words>;

/**
 * Currencies written in letters, as written (case kept): "49,99 zł", "1 299 kr", "RM 49",
 * "52.999 TL". Besides being currency hints (below), they are no words of a sentence around an
 * amount (amount-words.ts), no label between two amounts (read-amount.ts), and end an amount
 * written before its currency (scan/driver.ts). Codes of three capitals are read as codes.
 */
export const CURRENCY_WORDS: Words = {
  any: ["RM", "Rp", "Rs", "KSh", "Fr", "TL", "KM", "Kn", "kn", "S/"],
  sv: ["kr"],
  cs: ["Kč", "Kc"],
  pl: ["zł", "zl"],
  hu: ["Ft"],
  ro: ["lei", "Lei"],
  sr: ["din", "дин"],
  kk: ["тг"],
  ru: ["руб", "р."],
  uk: ["грн"],
  bg: ["лв"],
  mk: ["ден"],
  ar: ["درهم", "ر.س", "د.إ", "د.ك", "ج.م", "ر.ق", "ريال"],
  fa: ["ریال"],
};

/**
 * Currencies named in words in a sentence stating the page's prices' currency ("All prices are
 * in Australian dollars"), by ISO code; matched as whole words, any case.
 */
export const CURRENCY_NAMES: { readonly [code: string]: Words } = {
  USD: { en: [p(/u\.?s\.? dollars?/, "US dollars"), "american dollars"] },
  CAD: { en: ["canadian dollars"], fr: ["dollars canadiens"] },
  AUD: { en: ["australian dollars"] },
  NZD: { en: ["new zealand dollars"] },
  SGD: { en: ["singapore dollars"] },
  HKD: { en: ["hong kong dollars"] },
  MXN: { es: ["pesos mexicanos"], en: ["mexican pesos"] },
  EUR: { any: [p(/euros?/, "euros")] },
  GBP: { en: [p(/(?:british )?pounds sterling/, "pounds sterling"), "british pounds"] },
  CHF: { en: ["swiss francs"], de: ["schweizer franken"], fr: ["francs suisses"] },
};

/**
 * Currency signs, words and codes as written (case kept): the cheap test before a short text is
 * read as a price. (What each one means is core/money's.)
 */
export const CURRENCY_HINTS: Words = {
  ...CURRENCY_WORDS,
  any: [
    ..."$€£¥₩₹₽₴₺₪฿₫₱₦৳₸₾₼円元圓원",
    // The rial sign and the Saudi riyal's sign.
    ..."\uFDFC\u20C1",
    // The rand's "R" right before a number ("R 1 299.00", "R1,299"): read as rand on a South
    // African page only (visible-features.ts, `isLetterSignElsewhere`).
    p(/R ?\d/, "R 1 299"),
    // A cents sign: "99¢" is read as "$0.99" (visible-features.ts).
    "¢",
    // Full-width signs of East Asian pages ("￥4,480"): the parser reads them as NFKC does.
    ..."￥￦＄￡",
    p(/[A-Z]{3}/, "USD"),
    // Whole units with a dash for the cents: "399,-", "39,–", "39.–", "799:-" (the currency is the page's).
    p(/\d[,.:][-–]/, "399,-"),
    ...(CURRENCY_WORDS.any ?? []),
  ],
};

/**
 * Units a unit price is stated per (core/money/unit-price.ts), as written after a quantity or a
 * "per" word: "€0.42 / 100 g", "$0.25/oz", "3,98 € pro Stück". Matched as whole words, any case.
 */
export const MEASURE_UNITS = {
  kg: { any: ["kg", "kgs", "kilo", p(/kilogram(?:me)?s?/, "kilogram"), "кг"] },
  g: { any: ["g", "gr", p(/gramm?e?s?/, "grams")] },
  lb: { any: [p(/lbs?/, "lb"), p(/pounds?/, "pound")] },
  oz: { any: ["oz", p(/ounces?/, "ounce")] },
  l: { any: ["l", "ltr", p(/lit(?:er|re)s?/, "litre")] },
  ml: { any: ["ml"] },
  cl: { any: ["cl"] },
  fl_oz: { any: [p(/fl\.? ?oz/, "fl oz"), p(/fluid ounces?/, "fluid ounce")] },
  m: { any: ["m", p(/met(?:er|re)s?/, "metre"), "lfm"] },
  cm: { any: ["cm"] },
  ft: { any: ["ft", p(/f(?:oo|ee)t/, "foot")] },
  m2: { any: ["m2", "m²", "qm"] },
  sq_ft: { any: [p(/sq\.? ?ft/, "sq ft"), "ft²"] },
  piece: {
    en: [
      p(/counts?/, "count"),
      "ct",
      p(/pieces?/, "piece"),
      p(/pcs?/, "pc"),
      "each",
      "ea",
      "unit",
      // Paper goods priced by the sheet ("Price per 100 sheets $1.05").
      p(/sheets?/, "sheet"),
    ],
    de: ["stück", "stk", "st."],
    fr: ["pièce"],
    it: ["pezzo"],
    es: ["unidad"],
    nl: ["stuk"],
    pl: ["szt"],
  },
} as const satisfies Record<string, Words>;

/** Values of schema.org availability, og:availability and feeds, lower case, without spaces. */
export const AVAILABILITY_VALUES = {
  inStock: ["instock", "onlineonly", "limitedavailability", "available", "backorder"],
  // InStoreOnly: bought only in a shop, none to buy online (decision 0088).
  outOfStock: [
    "outofstock",
    "soldout",
    "discontinued",
    "oos",
    "unavailable",
    "notavailable",
    "instoreonly",
  ],
  preorder: ["preorder", "presale"],
} as const;

/** A platform and the words that name it in a page's scripts (the first 100 000 characters). */
export type Platform = { name: string; words: readonly Entry[]; isCaseSensitive: boolean };

/** Platforms named by a page's scripts, in the order they are tested. */
export const PLATFORM_SCRIPTS: readonly Platform[] = [
  {
    name: "shopify",
    words: ["cdn.shopify.com", "Shopify.shop", "ShopifyAnalytics"],
    isCaseSensitive: true,
  },
  { name: "bigcommerce", words: ["BCData", "bigcommerce"], isCaseSensitive: false },
  { name: "magento", words: ["Magento_", "mage/", '"Magento'], isCaseSensitive: true },
  { name: "woocommerce", words: ["woocommerce", "wc_add_to_cart"], isCaseSensitive: false },
];

/** Platforms named by the <body>'s classes (case kept). */
export const PLATFORM_BODY_CLASSES: readonly Platform[] = [
  { name: "woocommerce", words: ["woocommerce"], isCaseSensitive: true },
  { name: "magento", words: ["catalog-product-view", "page-product-"], isCaseSensitive: true },
];

/**
 * Classes of the <body> by which a platform names a page that is no product's (case kept, whole
 * class names): a home page, a collection or category, a search, a blog, a content page.
 */
export const LISTING_BODY_CLASSES: readonly string[] = [
  // Shopify's templates.
  "template-index",
  "template-collection",
  "template-list-collections",
  "template-search",
  "template-page",
  "template-blog",
  "template-article",
  "template-cart",
  // BigCommerce's page types.
  "page-type-category",
  "page-type-search",
  "page-type-brand",
  "page-type-blog",
  // Magento's layouts.
  "catalog-category-view",
  "catalogsearch-result-index",
  "cms-index-index",
  // WooCommerce's (WordPress) archives.
  "tax-product_cat",
  "post-type-archive-product",
  "single-post",
];

/** Platforms named by the address of an image, a link or a script the page loads (case kept). */
export const PLATFORM_ASSETS: readonly Platform[] = [
  { name: "shopify", words: ["cdn.shopify.com"], isCaseSensitive: true },
];

/** Scripts that hold a store's data (case kept): kept for the store rules and app-state readers. */
export const APP_STATE_SCRIPTS: readonly Entry[] = [
  "__TGT_DATA__",
  "runParams",
  "ShopifyAnalytics",
  "Shopify.",
  "__NEXT_DATA__",
  "__PRELOADED_STATE__",
  "var meta =",
  "window.App",
  "__INITIAL_STATE__",
  "woocommerce",
  "Magento",
  "BCData",
  "data-product-json",
  '"divisor"',
];

/** Markup of a bot challenge's provider anywhere in a short page (case kept). */
export const CHALLENGE_MARKUP: readonly Entry[] = [
  "validateCaptcha",
  "captcha-delivery",
  "cf-challenge",
  "challenge-platform",
  "px-captcha",
];

/** An add-to-cart form's action, in any case. */
export const ADD_TO_CART_ACTIONS: readonly Entry[] = [
  "/cart/add",
  "add-to-cart",
  "addtocart",
  "/cart/listing",
];
