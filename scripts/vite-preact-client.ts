import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const REACT_SHIM = fileURLToPath(new URL("../app/lib/preact/react.ts", import.meta.url));

/** The React entry points the browser build imports, and what Preact answers each with. */
export const PREACT_FOR: Readonly<Record<string, string>> = {
  react: REACT_SHIM,
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/**
 * The browser build runs on Preact (issue #15's page-weight budgets; decision record 0034): every
 * import of React in the client environment of `npm run build` resolves to preact/compat. The
 * server build, the dev server and the tests keep React.
 */
export function preactClient(): Plugin {
  return {
    name: "dropwave:preact-client",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      const target = PREACT_FOR[source];
      if (target === undefined) return null;
      if (target === REACT_SHIM) return target;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
