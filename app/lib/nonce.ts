import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response (server/security-headers.ts), for the
 * inline scripts the page renders. Provided by app/entry.server.tsx; empty in the browser,
 * which hides nonces from scripts anyway.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
