import {
  ADD_TO_CART,
  ADD_TO_CART_ACTION,
  BUY_WORDS,
  CART_NOUN,
  PREORDER,
  QUANTITY,
  SOLD_OUT_WORDS,
} from "../../vocabulary/patterns.ts";
import type { Attrs } from "../attrs.ts";
import { collapseSpaces } from "../chars.ts";
import { Hooks } from "../collector.ts";
import type { Element } from "../element.ts";
import type { TextLog } from "../text-log.ts";
import { Says } from "../token-words.ts";
import type { BuyControl } from "../types.ts";
import { isVariantSoldOut } from "./sold-out.ts";

const HAS_DIGIT = /\d/;

/** What an element that may be a control is (the element slot `control`). */
type Control = {
  /** A button, a submit input, or a link or box named for the cart: its words are read at its end. */
  isButtonLike: boolean;
  isDisabled: boolean;
  /** Its tokens name adding to the cart or buying ("add-to-cart", "btn-buy"). */
  hasBuyToken: boolean;
  /** title, aria-label (and a button's value): words of a control that its text may lack. */
  label: string;
};

/** The control an element may be: null for elements that can never be one. */
function controlOf(el: Element, attrs: Attrs): Control | null {
  const name = el.tag;
  const isCartLike = (el.says & Says.cartLike) !== 0;
  // A box or link a script makes a button (role="button": a shop builder's "Add to Cart" box
  // with hashed class names) is read by its words like one.
  const isButtonLike =
    name === "button" ||
    (name === "input" && /^(submit|button|image)$/i.test(attrs.type ?? "")) ||
    ((name === "a" || name === "div" || name === "span") &&
      (isCartLike || attrs.role === "button"));
  if (!isButtonLike && name !== "a" && name !== "input" && name !== "select" && name !== "img")
    return null;
  const isDisabled =
    attrs.disabled !== undefined ||
    attrs["aria-disabled"] === "true" ||
    (attrs.class !== undefined &&
      /disabled/i.test(attrs.class) &&
      /(?:^|[\s_-])disabled(?:$|[\s_-])/i.test(attrs.class));
  // A real button named for the cart ("button-cart") is a buy control whatever its words.
  const hasBuyToken =
    (el.says & Says.buyToken) !== 0 || ((name === "button" || name === "input") && isCartLike);
  const label =
    attrs.title !== undefined ||
    attrs["aria-label"] !== undefined ||
    (name === "button" && attrs.value !== undefined)
      ? `${attrs.title ?? ""} ${attrs["aria-label"] ?? ""} ${name === "button" ? (attrs.value ?? "") : ""}`.slice(
          0,
          300,
        )
      : "";
  return { isButtonLike, isDisabled, hasBuyToken, label };
}

/**
 * Buy controls: buttons, links and inputs that put the product in the cart (found by their
 * words in many languages or their tokens), quantity fields, and whether the page has an
 * add-to-cart form or control at all. Uses the element slot `control`.
 */
export class BuyControls extends Hooks {
  readonly buyControls: BuyControl[] = [];
  hasAddToCart = false;
  /** The hidden variant id of the first add-to-cart form (see PageScan.cartVariantId). */
  cartVariantId: string | null = null;
  /** The first add-to-cart form, by its order (elements are never held past their close). */
  private cartFormOrder = -1;
  private readonly log: TextLog;

  constructor(log: TextLog) {
    super();
    this.log = log;
  }

  override open(el: Element, _parent: Element, attrs: Attrs, _isLeaf: boolean): void {
    const name = el.tag;
    if (name === "form" && ADD_TO_CART_ACTION.test(attrs.action ?? "")) {
      this.hasAddToCart = true;
      if (this.cartFormOrder < 0) this.cartFormOrder = el.order;
    }
    if (name === "input" && attrs.name === "id" && this.cartFormOrder >= 0 && !this.cartVariantId)
      this.noteCartVariant(el, attrs);
    const control = controlOf(el, attrs);
    // (An element starts with none: most are no control, and keep the shared default.)
    if (control) el.control = control;
    if (control && (name === "input" || name === "select" || name === "img"))
      this.noteInput(el, control, attrs);
  }

  override close(el: Element, _parent: Element): void {
    const control = el.control as Control | null;
    if (control === null || el.isRaw) return;
    if (!(el.tag === "button" || el.tag === "a" || control.isButtonLike)) return;
    if (this.log.isShort(el)) this.noteControl(el, control, this.log.textOf(el));
  }

  /** The first add-to-cart form's hidden variant id, an input of that form's own. */
  private noteCartVariant(el: Element, attrs: Attrs): void {
    const value = attrs.value ?? "";
    if (!/^\d{1,20}$/.test(value) || attrs.type?.toLowerCase() !== "hidden") return;
    for (let e = el.parent; e; e = e.parent)
      if (e.order === this.cartFormOrder && e.tag === "form") this.cartVariantId = value;
  }

  /** A void input that is itself a buy control (a quantity field, a submit with buy words). */
  private noteInput(el: Element, control: Control, attrs: Attrs): void {
    const label =
      `${attrs.value ?? ""} ${attrs.name ?? ""} ${attrs.id ?? ""} ${attrs["aria-label"] ?? ""}`.slice(
        0,
        300,
      );
    if (ADD_TO_CART.test(label)) this.hasAddToCart = true;
    const isQuantity =
      (el.tag === "input" || el.tag === "select") &&
      attrs.type !== "hidden" &&
      QUANTITY.test(`${attrs.name ?? ""} ${attrs.id ?? ""} ${attrs.class ?? ""}`);
    const value = attrs.value ?? attrs["aria-label"] ?? attrs.title ?? "";
    const hasBuyWords = control.isButtonLike && BUY_WORDS.test(value);
    // An image that is the buy button: its add-to-cart token and its alt/title words say so.
    const isImageButton =
      el.tag === "img" &&
      control.hasBuyToken &&
      BUY_WORDS.test(`${attrs.alt ?? ""} ${attrs.title ?? ""}`);
    if (
      isQuantity ||
      hasBuyWords ||
      isImageButton ||
      (control.isButtonLike && control.hasBuyToken)
    ) {
      this.buyControls.push({
        order: el.order,
        isDisabled: control.isDisabled,
        saysSoldOut: SOLD_OUT_WORDS.test(value),
        saysPreorder: PREORDER.test(value.toLowerCase()),
        isVariantOption: false,
        hasBuyWords: hasBuyWords || isImageButton,
        isQuantity,
        isExcluded: el.isExcluded,
        isLink: false,
      });
    }
  }

  /**
   * Buy controls end here: their words decide what they are. A real button counts by its words
   * or its add-to-cart token; a link or a box by its words ("Aggiungi al carrello", "Do
   * košíka"), or by an add/buy token with the cart named in its text or title — a token alone
   * marks a wrapper, not a control (and so does a box around a control already found).
   */
  private noteControl(el: Element, control: Control, buf: string): void {
    const isButton = el.tag === "button";
    const text = collapseSpaces(buf.slice(0, 200)).trim();
    const isAddToCartText = ADD_TO_CART.test(text);
    if (isAddToCartText) this.hasAddToCart = true;
    // A box that merely holds the button (and prices) is not the button.
    if (!isButton && (text.length > 40 || HAS_DIGIT.test(text))) return;
    const words = control.label ? `${text} ${control.label.replace(/\s+/g, " ")}` : text;
    // Each word list is tested once, and only when the answer matters: most links on a page are
    // navigation, settled by the cart test alone.
    let buy: boolean | undefined;
    let soldOut: boolean | undefined;
    let cart: boolean | undefined;
    let preorder: boolean | undefined;
    const hasBuyWords = () => (buy ??= BUY_WORDS.test(words));
    const isSoldOutWords = () => (soldOut ??= SOLD_OUT_WORDS.test(words));
    const namesCart = () => (cart ??= CART_NOUN.test(words));
    const isPreorder = () => (preorder ??= PREORDER.test(words.toLowerCase()));
    if (isButton) {
      // A button saying pre-order ("Reservar", "予約する", "Pre-order") buys it too.
      if (!hasBuyWords() && !control.hasBuyToken && !isSoldOutWords() && !isPreorder()) return;
    } else {
      // A box around a control already found is its wrapper, not a second control.
      const last = this.buyControls[this.buyControls.length - 1];
      if (last && last.order > el.order) return;
      if (control.isButtonLike) {
        if (!hasBuyWords() && !isSoldOutWords() && !(control.hasBuyToken && namesCart())) return;
      } else {
        const isAddToCart =
          (words === text ? isAddToCartText : ADD_TO_CART.test(words)) ||
          (namesCart() && hasBuyWords());
        if (!isAddToCart && !(control.hasBuyToken && (namesCart() || hasBuyWords()))) return;
      }
    }
    this.buyControls.push({
      order: el.order,
      isDisabled: control.isDisabled,
      saysSoldOut: isSoldOutWords(),
      saysPreorder: isPreorder(),
      isVariantOption:
        isSoldOutWords() && !hasBuyWords() && !control.hasBuyToken && isVariantSoldOut(words),
      hasBuyWords: hasBuyWords(),
      isQuantity: false,
      isExcluded: el.isExcluded,
      isLink: !isButton,
    });
  }
}
