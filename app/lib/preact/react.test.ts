// @vitest-environment jsdom
import { createElement as h, useEffect, useState } from "preact/compat";
import { hydrateRoot } from "preact/compat/client";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import React, { useOptimistic } from "./react.ts";

afterEach(() => {
  document.documentElement.innerHTML = "<head></head><body></body>";
});

/** A server-rendered document, as React's SSR sends it (the doctype is the test document's own). */
function serverDocument(): void {
  document.documentElement.setAttribute("lang", "en");
  document.documentElement.innerHTML =
    '<head><title>Hub</title><script id="boot">window.booted = 1</script></head>' +
    '<body><main><p id="count">0</p><button type="button">add</button></main>' +
    '<script id="data">window.data = 1</script></body>';
}

// As app/root.tsx renders inline scripts in the browser: no text (it ran from the server's HTML).
const noText = { dangerouslySetInnerHTML: { __html: "" } };

function Page() {
  const [count, setCount] = useState(0);
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("title", null, "Hub"), h("script", { id: "boot", ...noText })),
    h(
      "body",
      null,
      h(
        "main",
        null,
        h("p", { id: "count" }, String(count)),
        h("button", { type: "button", onClick: () => setCount((n) => n + 1) }, "add"),
      ),
      h("script", { id: "data", ...noText }),
    ),
  );
}

describe("React on Preact in the browser bundle", () => {
  it("exports the compat layer as React, named exports and default", async () => {
    const shim: Record<string, unknown> = await import("./react.ts");
    expect(React.createElement).toBe(h);
    expect(shim.useState).toBe(useState);
    expect(shim.startTransition).toBeTypeOf("function");
  });

  it("hydrates a whole server-rendered document in place, not a second page inside it", () => {
    serverDocument();
    const boot = document.getElementById("boot");
    const main = document.querySelector("main");
    act(() => {
      hydrateRoot(document, h(Page, null));
    });
    expect(document.querySelectorAll("html")).toHaveLength(1);
    expect(document.querySelectorAll("head")).toHaveLength(1);
    expect(document.querySelectorAll("body")).toHaveLength(1);
    expect(document.querySelectorAll("script")).toHaveLength(2);
    // The server's nodes are adopted, not replaced.
    expect(document.getElementById("boot")).toBe(boot);
    expect(document.querySelector("main")).toBe(main);
    expect(document.getElementById("boot")?.textContent).toBe("window.booted = 1");
    expect(document.documentElement.getAttribute("lang")).toBe("en");
    // And the adopted markup is live.
    act(() => {
      document.querySelector("button")?.click();
    });
    expect(document.getElementById("count")?.textContent).toBe("1");
  });

  it("gives React Router's useOptimistic the state, and refuses an optimistic update", () => {
    let setter: ((action: unknown) => void) | undefined;
    function Probe() {
      const [value, set] = useOptimistic("state");
      setter = set;
      return h("p", { id: "probe" }, value);
    }
    document.body.innerHTML = "<div id='root'></div>";
    const root = document.getElementById("root") as HTMLElement;
    act(() => {
      hydrateRoot(root, h(Probe, null));
    });
    expect(root.textContent).toBe("state");
    expect(() => setter?.("next")).toThrow(/useOptimistic/);
  });

  it("runs effects in the next task, without waiting for an animation frame or a timer", async () => {
    const realSetTimeout = globalThis.setTimeout;
    // Animation frames and timers stopped, as in a hidden tab or under a test's paused clock.
    vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    try {
      let ran = 0;
      function Effect() {
        useEffect(() => {
          ran++;
        }, []);
        return h("p", null, "effect");
      }
      document.body.innerHTML = "<div id='root'><p>effect</p></div>";
      hydrateRoot(document.getElementById("root") as HTMLElement, h(Effect, null));
      // Real time passes (not the stopped timers): up to a second, in steps of 10 ms.
      for (let step = 0; step < 100 && ran === 0; step++) {
        await new Promise((resolve) => realSetTimeout(resolve, 10));
      }
      expect(ran).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
