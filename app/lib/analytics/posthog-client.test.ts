import { describe, expect, it } from "vitest";
import { syncIdentity } from "./posthog-client.ts";

/** PostHog's identity as kept in localStorage, and what was asked of it. */
function fakeClient(state: { distinctId: string; userState: "anonymous" | "identified" }) {
  const calls: string[] = [];
  return {
    calls,
    get_distinct_id: () => state.distinctId,
    get_property: (name: string) => (name === "$user_state" ? state.userState : undefined),
    identify: (id?: string) => {
      calls.push(`identify ${id}`);
    },
    reset: () => {
      calls.push("reset");
    },
  };
}

describe("syncIdentity", () => {
  it("signed out on a new page while the stored identity is still the person's: reset", () => {
    const client = fakeClient({ distinctId: "user-1", userState: "identified" });
    syncIdentity(client, null);
    expect(client.calls).toEqual(["reset"]);
  });

  it("signed out and already anonymous: nothing", () => {
    const client = fakeClient({ distinctId: "anon-7", userState: "anonymous" });
    syncIdentity(client, null);
    expect(client.calls).toEqual([]);
  });

  it("signed in: identify once, not again on the next page", () => {
    const anonymous = fakeClient({ distinctId: "anon-7", userState: "anonymous" });
    syncIdentity(anonymous, "user-1");
    expect(anonymous.calls).toEqual(["identify user-1"]);
    const identified = fakeClient({ distinctId: "user-1", userState: "identified" });
    syncIdentity(identified, "user-1");
    expect(identified.calls).toEqual([]);
  });
});
