import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { operatorCspSources } from "./csp-sources.ts";

describe("operatorCspSources", () => {
  it("adds nothing on an instance without outside services", () => {
    expect(operatorCspSources(parseEnv({}))).toEqual({ scriptSrc: [], connectSrc: [] });
  });

  it("lets the browser reach the analytics collector, and nothing else", () => {
    const env = parseEnv({
      ANALYTICS_HOST: "https://stats.example.org/x",
      ANALYTICS_WEBSITE_ID: "s",
    });
    expect(operatorCspSources(env)).toEqual({
      scriptSrc: [],
      connectSrc: ["https://stats.example.org"],
    });
  });

  it("allows PostHog Cloud's host and its assets host when the browser talks to it directly", () => {
    const env = parseEnv({ POSTHOG_KEY: "phc", POSTHOG_HOST: "https://eu.i.posthog.com" });
    expect(operatorCspSources(env)).toEqual({
      scriptSrc: ["https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"],
      connectSrc: ["https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"],
    });
  });

  it("needs no outside origin for PostHog behind the proxy", () => {
    const env = parseEnv({
      POSTHOG_KEY: "phc",
      POSTHOG_HOST: "https://eu.i.posthog.com",
      POSTHOG_PROXY: "true",
    });
    expect(operatorCspSources(env)).toEqual({ scriptSrc: [], connectSrc: [] });
  });
});
