import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, toPublicEnv } from "./env.ts";

describe("parseEnv", () => {
  it("gives defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.FETCH_ALLOW_PRIVATE).toEqual([]);
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://prices.example.com/" }).PUBLIC_URL).toBe(
      "https://prices.example.com",
    );
  });

  it("treats blank optional values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: "  " }).DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable in one readable message", () => {
    const attempt = () =>
      parseEnv({ PORT: "seventy", DATABASE_URL: "mysql://x", FETCH_ALLOW_PORTS: "22,abc" });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const message = (error as EnvError).message;
      expect(message).toMatch(/PORT: .*\(got "seventy"\)/);
      expect(message).toMatch(/DATABASE_URL: must start with postgres/);
      expect(message).toMatch(/FETCH_ALLOW_PORTS/);
    }
  });

  it("parses lists", () => {
    const env = parseEnv({
      FETCH_ALLOW_PRIVATE: "127.0.0.1/32, 10.0.0.0/8",
      FETCH_ALLOW_PORTS: "22",
    });
    expect(env.FETCH_ALLOW_PRIVATE).toEqual(["127.0.0.1/32", "10.0.0.0/8"]);
    expect(env.FETCH_ALLOW_PORTS).toEqual([22]);
  });

  it("exposes only the public allow-list to the browser", () => {
    const env = parseEnv({ AUTH_SECRET: "x".repeat(40), DATABASE_URL: "postgres://u:p@h/db" });
    const shown = JSON.stringify(toPublicEnv(env));
    expect(shown).not.toContain("postgres");
    expect(shown).not.toContain("xxxx");
    expect(Object.keys(toPublicEnv(env)).sort()).toEqual([
      "isSignupDisabled",
      "minCheckIntervalMinutes",
      "newBuildPollSeconds",
      "publicUrl",
    ]);
  });
});

describe("operator analytics settings", () => {
  it("are all off by default: the browser gets no analytics config", () => {
    const publicEnv = toPublicEnv(parseEnv({}));
    expect(publicEnv.webAnalytics).toBeUndefined();
    expect(publicEnv.productAnalytics).toBeUndefined();
  });

  it("counts page views on PUBLIC_URL's host unless ANALYTICS_DOMAINS says otherwise", () => {
    const base = {
      PUBLIC_URL: "https://prices.example.org",
      ANALYTICS_HOST: "https://stats.example.org/",
      ANALYTICS_WEBSITE_ID: "site",
    };
    expect(toPublicEnv(parseEnv(base)).webAnalytics).toEqual({
      host: "https://stats.example.org",
      websiteId: "site",
      domains: ["prices.example.org"],
    });
    expect(
      toPublicEnv(parseEnv({ ...base, ANALYTICS_DOMAINS: "A.example, b.example" })).webAnalytics
        ?.domains,
    ).toEqual(["a.example", "b.example"]);
  });

  it("refuses half an analytics setting, a PostHog key without host, and bad JSON options", () => {
    expect(() => parseEnv({ ANALYTICS_HOST: "https://stats.example" })).toThrow(
      /ANALYTICS_WEBSITE_ID/,
    );
    expect(() => parseEnv({ POSTHOG_KEY: "phc" })).toThrow(/POSTHOG_HOST/);
    expect(() =>
      parseEnv({ POSTHOG_KEY: "phc", POSTHOG_HOST: "https://ph.example", POSTHOG_OPTIONS: "[1]" }),
    ).toThrow(/POSTHOG_OPTIONS: must be a JSON object/);
  });

  it("points the browser at this origin's proxy when POSTHOG_PROXY is on", () => {
    const config = toPublicEnv(
      parseEnv({
        PUBLIC_URL: "https://prices.example.org",
        POSTHOG_KEY: "phc",
        POSTHOG_HOST: "https://eu.i.posthog.com",
        POSTHOG_PROXY: "yes",
        POSTHOG_OPTIONS: '{"disable_session_recording":true}',
      }),
    ).productAnalytics;
    expect(config).toMatchObject({
      apiHost: "https://prices.example.org/ingest/ph",
      uiHost: "https://eu.i.posthog.com",
      isProxied: true,
      options: { disable_session_recording: true },
    });
  });
});
