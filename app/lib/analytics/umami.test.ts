import { describe, expect, it } from "vitest";
import {
  buildEvent,
  isRepeatView,
  MAX_SEND_ATTEMPTS,
  RELOAD_GUARD_MS,
  retryDelayMs,
  sendEvent,
  skipReason,
} from "./umami.ts";

const config = {
  host: "https://stats.example",
  websiteId: "site-1",
  domains: ["dropwave.example"],
};

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe("skipReason", () => {
  it("counts the configured domain", () => {
    expect(skipReason(config, "dropwave.example", memoryStorage())).toBeNull();
    expect(skipReason(config, "DROPWAVE.example", memoryStorage())).toBeNull();
  });
  it.each(["localhost", "app.localhost", "127.0.0.1", "[::1]", "::1"])("skips %s", (host) => {
    expect(skipReason({ ...config, domains: [host] }, host, memoryStorage())).toBe("localhost");
  });
  it("skips any other domain", () => {
    expect(skipReason(config, "mirror.example", memoryStorage())).toBe("other-domain");
  });
  it("skips when local storage holds the disable flag", () => {
    expect(skipReason(config, "dropwave.example", memoryStorage({ "umami.disabled": "1" }))).toBe(
      "disabled",
    );
    expect(
      skipReason(config, "dropwave.example", memoryStorage({ "umami.disabled": "true" })),
    ).toBe("disabled");
  });
  it("counts when storage throws (blocked by the browser)", () => {
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(skipReason(config, "dropwave.example", throwing)).toBeNull();
  });
});

describe("buildEvent", () => {
  it("is Umami's event shape with the website id", () => {
    const view = {
      hostname: "dropwave.example",
      language: "en-GB",
      screen: "1280x800",
      url: "/hub?sort=drop",
      title: "Hub · Dropwave",
      referrer: "",
    };
    expect(buildEvent(config, view)).toEqual({
      type: "event",
      payload: { ...view, website: "site-1" },
    });
  });
});

describe("isRepeatView", () => {
  it("treats the same url within the guard as a reload, and a later one as a new view", () => {
    const storage = memoryStorage();
    expect(isRepeatView(storage, "/hub", 1_000)).toBe(false);
    expect(isRepeatView(storage, "/hub", 1_000 + RELOAD_GUARD_MS - 1)).toBe(true);
    expect(isRepeatView(storage, "/hub", 1_000 + RELOAD_GUARD_MS + 1)).toBe(false);
  });
  it("does not guard a different page", () => {
    const storage = memoryStorage();
    expect(isRepeatView(storage, "/hub", 1_000)).toBe(false);
    expect(isRepeatView(storage, "/user", 1_001)).toBe(false);
    expect(isRepeatView(storage, "/hub", 1_002)).toBe(false);
  });
});

describe("sendEvent", () => {
  const event = buildEvent(config, {
    hostname: "dropwave.example",
    language: "en",
    screen: "1x1",
    url: "/",
    title: "t",
    referrer: "",
  });

  function scripted(statuses: Array<number | "network">) {
    const calls: string[] = [];
    const waits: number[] = [];
    const fetchFn = (async (url: string) => {
      calls.push(url);
      const next = statuses[Math.min(calls.length - 1, statuses.length - 1)];
      if (next === "network") throw new TypeError("Failed to fetch");
      return new Response(null, { status: next });
    }) as unknown as typeof fetch;
    const wait = async (ms: number) => void waits.push(ms);
    return { calls, waits, deps: { fetch: fetchFn, wait } };
  }

  it("posts to {host}/api/send once when it succeeds", async () => {
    const run = scripted([200]);
    expect(await sendEvent(config, event, run.deps)).toEqual({ attempts: 1, ok: true });
    expect(run.calls).toEqual(["https://stats.example/api/send"]);
  });
  it("retries server errors and network failures with growing delays", async () => {
    const run = scripted([503, "network", 500, 200]);
    expect(await sendEvent(config, event, run.deps)).toEqual({ attempts: 4, ok: true });
    expect(run.waits).toEqual([retryDelayMs(1), retryDelayMs(2), retryDelayMs(3)]);
    expect(run.waits[1]).toBeGreaterThan(run.waits[0] as number);
  });
  it("gives up after ten attempts", async () => {
    const run = scripted([502]);
    expect(await sendEvent(config, event, run.deps)).toEqual({
      attempts: MAX_SEND_ATTEMPTS,
      ok: false,
    });
    expect(run.calls).toHaveLength(10);
  });
  it("does not retry a client error", async () => {
    const run = scripted([400]);
    expect(await sendEvent(config, event, run.deps)).toEqual({ attempts: 1, ok: false });
  });
});
