import { APP_STATE, PLATFORM_WORD, PLATFORMS } from "../../vocabulary/patterns.ts";
import { type Attrs, attrRecord } from "../attrs.ts";
import { Hooks } from "../collector.ts";
import { countStatedCurrencies } from "../currency-codes.ts";
import type { Element } from "../element.ts";
import type { ScriptBlock } from "../types.ts";

const MAX_SCRIPT = 4_000_000;
/** One open <script>: its attributes and its text so far. */
type OpenScript = { el: Element; attrs: Record<string, string>; parts: string[]; length: number };

/**
 * Scripts: JSON-LD blocks, scripts that hold a store's data (JSON, an id, or a known app-state
 * name), and the platforms their first characters name. A script's text is raw: no element
 * opens inside it, so one script at most is open at a time.
 */
export class Scripts extends Hooks {
  readonly jsonLd: string[] = [];
  readonly scripts: ScriptBlock[] = [];
  /** Platforms named by scripts (PLATFORMS). */
  readonly markers = new Set<string>();
  /** ISO codes the scripts state as a currency, with how often (currency-codes.ts). */
  readonly statedCurrencies = new Map<string, number>();
  private current: OpenScript | null = null;

  override open(el: Element, _parent: Element, attrs: Attrs, isLeaf: boolean): void {
    if (el.tag === "script" && !isLeaf)
      this.current = { el, attrs: attrRecord(attrs), parts: [], length: 0 };
  }

  override rawText(text: string, el: Element): void {
    const script = this.current;
    if (script === null || script.el !== el || script.length >= MAX_SCRIPT) return;
    script.parts.push(text);
    script.length += text.length;
  }

  override close(el: Element, _parent: Element): void {
    const script = this.current;
    if (script === null || script.el !== el) return;
    this.current = null;
    const text = script.parts.join("");
    const { attrs } = script;
    const type = (attrs.type ?? "").toLowerCase();
    const head = text.slice(0, 100_000);
    countStatedCurrencies(text, this.statedCurrencies);
    if (type.includes("ld+json")) this.jsonLd.push(text);
    else if (type.includes("json") || attrs.id || APP_STATE.test(text.slice(0, 20_000))) {
      this.scripts.push({ type, id: attrs.id ?? "", attrs, text });
    }
    // A platform is named once: pages with hundreds of scripts test each only until it is seen.
    // Most scripts name none: one pass for a word every platform pattern holds comes first.
    if (!PLATFORM_WORD.test(head)) return;
    for (const [name, pattern] of PLATFORMS) {
      if (!this.markers.has(name) && pattern.test(head)) this.markers.add(name);
    }
  }
}
