/**
 * What the browser build gets for `import … from "react"` (scripts/vite-preact-client.ts):
 * Preact's React compatibility layer, plus what hydrating React's server HTML with it needs: the
 * React 19 hook React Router imports by name, whole-document hydration, and effects scheduled as
 * React schedules them. The server renders with React itself; see
 * docs/decisions/0034-preact-in-the-browser.md.
 */
import { Fragment, options, type VNode } from "preact";
import React from "preact/compat";

// preact/compat is an ES module with named exports; its type declarations are one `export =`
// namespace, which TypeScript will not re-export with `export *`. Only the bundler reads this
// file (the app's code is checked against React's own types).
// @ts-expect-error TS2498, see above
export * from "preact/compat";
export default React;

/**
 * React Router's RouterProvider keeps its state in `useOptimistic` and only sets an optimistic
 * value when the router is given `useTransitions` (never here). Outside a transition React's hook
 * returns the state it was given, which is what this does; a setter call would be a bug, so it
 * throws rather than dropping the update silently.
 */
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, refuseOptimisticUpdate];
}

function refuseOptimisticUpdate(): never {
  throw new Error("useOptimistic updates need React; the Preact build does not support them");
}

/**
 * React hydrates a whole document: `hydrateRoot(document, …)` with a tree whose root is
 * `<html>`. Preact renders into `document.documentElement` when given the document, so an
 * `<html>` vnode would be matched against `<head>` and `<body>` and not found, and Preact would
 * build a second page inside the first. Rendered as a fragment instead, its children hydrate the
 * server's `<head>` and `<body>` in place. The element's attributes stay the server's: the app
 * never changes them after rendering (the theme scripts write `class` and `data-theme` on the
 * element directly).
 */
const nextVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === "html") vnode.type = Fragment;
  nextVNodeHook?.(vnode);
};

/**
 * Effects run in a task right after the render, as React's scheduler runs them (a message on a
 * MessageChannel), rather than on the next animation frame as Preact does by default: a page's
 * start-up effects (the hydration marker, page-view counting, the bell's fetch) should not wait
 * for a frame, which a hidden tab does not get and a test's stopped clock never gives.
 */
const effectQueue: Array<() => void> = [];
const effectChannel = new MessageChannel();
effectChannel.port1.onmessage = () => {
  for (const run of effectQueue.splice(0)) run();
};
options.requestAnimationFrame = (callback: () => void) => {
  effectQueue.push(callback);
  if (effectQueue.length === 1) effectChannel.port2.postMessage(null);
};
