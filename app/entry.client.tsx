import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * HydratedRouter's first render starts decoding the server's loader data and suspends (throws
 * the decoding promise) until it is done. React suspends the whole root while it waits; Preact,
 * which runs the production bundle (scripts/vite-preact-client.ts), has no root to suspend and
 * would drop the server's markup. So the wait happens before hydrating: call the component once
 * as a function (it throws before any hook), wait for what it throws, then hydrate with the data
 * decoded. Anything else it throws is left to the real render, which reports it as usual.
 */
async function loaderDataDecoded(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown.catch(() => undefined);
  }
}

void loaderDataDecoded().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
