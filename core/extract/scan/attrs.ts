/**
 * An element's attributes as the scan keeps them: every name it reads is a field of one shape
 * (a read is one load, where a dictionary object costs a hash lookup: ~30 reads per element),
 * data-* attributes in a dictionary of their own, and the names in document order, for the
 * records that keep a copy.
 */
export class Attrs {
  id: string | undefined = undefined;
  class: string | undefined = undefined;
  style: string | undefined = undefined;
  hidden: string | undefined = undefined;
  itemprop: string | undefined = undefined;
  itemscope: string | undefined = undefined;
  itemtype: string | undefined = undefined;
  property: string | undefined = undefined;
  typeof: string | undefined = undefined;
  content: string | undefined = undefined;
  value: string | undefined = undefined;
  href: string | undefined = undefined;
  src: string | undefined = undefined;
  rel: string | undefined = undefined;
  type: string | undefined = undefined;
  name: string | undefined = undefined;
  lang: string | undefined = undefined;
  action: string | undefined = undefined;
  "aria-label": string | undefined = undefined;
  title: string | undefined = undefined;
  alt: string | undefined = undefined;
  datetime: string | undefined = undefined;
  "aria-hidden": string | undefined = undefined;
  disabled: string | undefined = undefined;
  readonly: string | undefined = undefined;
  "aria-disabled": string | undefined = undefined;
  hreflang: string | undefined = undefined;
  selected: string | undefined = undefined;
  checked: string | undefined = undefined;
  role: string | undefined = undefined;
  "aria-pressed": string | undefined = undefined;
  "aria-checked": string | undefined = undefined;
  "aria-selected": string | undefined = undefined;
  "aria-current": string | undefined = undefined;
  open: string | undefined = undefined;
  for: string | undefined = undefined;
  /** A declarative shadow root's `<template>` (and Chrome's older name): shown, unlike others. */
  shadowrootmode: string | undefined = undefined;
  shadowroot: string | undefined = undefined;
  /** data-* attributes, when the element has any. */
  data: Record<string, string> | null = null;
  /** Every kept name, in the order the element gives them (each once: the first one counts). */
  names: string[] = [];
}

type Field = Exclude<keyof Attrs, "data" | "names">;

/**
 * The attributes of every element that keeps none (a bare `<div>`, `<path d>`): one shared
 * instance, never written (keepAttr is given an element's own once it keeps one), so that most
 * elements allocate none.
 */
export const NO_ATTRS: Attrs = new Attrs();

/** Names kept besides data-*: the fields of Attrs. */
export const KEPT_ATTRS: ReadonlySet<string> = new Set(
  Object.keys(new Attrs()).filter((key) => key !== "data" && key !== "names"),
);

const isData = (name: string) => name.startsWith("data-");

/** An attribute whose value the scan keeps: one of KEPT_ATTRS, or any data-*. */
export const isKeptAttr = (name: string): boolean => KEPT_ATTRS.has(name) || isData(name);

export function attrOf(attrs: Attrs, name: string): string | undefined {
  if (isData(name)) return attrs.data?.[name];
  return KEPT_ATTRS.has(name) ? attrs[name as Field] : undefined;
}

/** Sets a kept attribute unless the element already gave one of that name. */
export function keepAttr(attrs: Attrs, name: string, value: string): void {
  if (isData(name)) {
    attrs.data ??= Object.create(null) as Record<string, string>;
    if (attrs.data[name] !== undefined) return;
    attrs.data[name] = value;
  } else {
    if (attrs[name as Field] !== undefined) return;
    attrs[name as Field] = value;
  }
  attrs.names.push(name);
}

/** The kept attributes as a plain record in document order, values cut at `maxLength`. */
export function attrRecord(
  attrs: Attrs,
  maxLength = Number.POSITIVE_INFINITY,
  skip?: (name: string) => boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of attrs.names) {
    if (skip?.(name)) continue;
    const value = attrOf(attrs, name) as string;
    out[name] = value.length > maxLength ? value.slice(0, maxLength) : value;
  }
  return out;
}
