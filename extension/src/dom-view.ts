import type { TreeView } from "../../core/extract/recipe.ts";

/** The live page's DOM as core/extract/recipe.ts reads trees (the same code matches HTML). */
export const DOM_VIEW: TreeView<Node> = {
  isElement: (n) => n.nodeType === Node.ELEMENT_NODE,
  tag: (n) => (n as Element).localName,
  attr: (n, name) => (n as Element).getAttribute(name),
  attrNames: (n) => (n as Element).getAttributeNames(),
  parent: (n) => {
    const p = n.parentNode;
    return p && p.nodeType === Node.ELEMENT_NODE ? p : null;
  },
  previous: (n) => n.previousSibling,
  children: (n) =>
    [...n.childNodes].filter(
      (c) => c.nodeType === Node.ELEMENT_NODE || c.nodeType === Node.TEXT_NODE,
    ),
  ownText: (n) => (n.nodeType === Node.TEXT_NODE ? (n.nodeValue ?? "") : ""),
};
