import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { thirdPartyDisclosures } from "./disclosures.ts";

describe("thirdPartyDisclosures", () => {
  it("is empty on an instance with no outside service configured", () => {
    expect(thirdPartyDisclosures(parseEnv({}))).toEqual([]);
  });

  it("names the analytics collector and what it receives", () => {
    const [web] = thirdPartyDisclosures(
      parseEnv({ ANALYTICS_HOST: "https://stats.example.org", ANALYTICS_WEBSITE_ID: "abc" }),
    );
    expect(web).toMatchObject({ id: "web-analytics", recipient: "stats.example.org" });
    expect(web?.collected.join(" ")).toMatch(/screen size/);
  });

  it("says whether PostHog sees the visitor's address, from the proxy setting", () => {
    const direct = thirdPartyDisclosures(
      parseEnv({ POSTHOG_KEY: "phc_1", POSTHOG_HOST: "https://eu.i.posthog.com" }),
    );
    expect(direct[0]?.notes.join(" ")).toMatch(/sees your IP address/);
    const proxied = thirdPartyDisclosures(
      parseEnv({
        POSTHOG_KEY: "phc_1",
        POSTHOG_HOST: "https://eu.i.posthog.com",
        POSTHOG_PROXY: "true",
      }),
    );
    expect(proxied[0]?.notes.join(" ")).toMatch(/not yours/);
  });

  it("leaves a disabled PostHog out", () => {
    const env = parseEnv({
      POSTHOG_KEY: "phc_1",
      POSTHOG_HOST: "https://eu.i.posthog.com",
      POSTHOG_DISABLED: "true",
    });
    expect(thirdPartyDisclosures(env)).toEqual([]);
  });
});
