import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyChallenge, hasProductContent } from "./index.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/challenges/${name}`, import.meta.url), "utf8");

describe("classifyChallenge recognises look-alike challenge pages", () => {
  it.each([
    ["amazon-captcha.html", 200, {}, "amazon", "captcha"],
    ["amazon-503-automated.html", 503, {}, "amazon", "robot_check"],
    ["cloudflare-just-a-moment.html", 403, {}, "cloudflare", "js_challenge"],
    ["cloudflare-attention-required.html", 403, {}, "cloudflare", "access_denied"],
    ["akamai-access-denied.html", 403, { server: "AkamaiGHost" }, "akamai", "access_denied"],
    ["perimeterx-press-hold.html", 403, {}, "perimeterx", "captcha"],
    ["walmart-robot-or-human.html", 200, {}, "walmart", "robot_check"],
    ["datadome-captcha.html", 403, { "x-datadome": "protected" }, "datadome", "captcha"],
    ["imperva-incapsula.html", 200, { "x-cdn": "Incapsula" }, "imperva", "access_denied"],
    ["generic-recaptcha.html", 200, {}, "generic", "captcha"],
    ["generic-hcaptcha.html", 200, {}, "generic", "captcha"],
    ["generic-turnstile.html", 200, {}, "generic", "captcha"],
  ] as const)("%s (HTTP %i) → %s %s", (name, status, headers, vendor, challenge) => {
    expect(classifyChallenge(status, headers, fixture(name))).toEqual({ vendor, challenge });
  });

  it("trusts Cloudflare's cf-mitigated header even without a known body", () => {
    expect(classifyChallenge(403, { "cf-mitigated": "challenge" }, "<html></html>")).toEqual({
      vendor: "cloudflare",
      challenge: "js_challenge",
    });
  });
});

describe("classifyChallenge avoids false positives", () => {
  it("a product page that loads reCAPTCHA for its newsletter and bot sensors is not a challenge", () => {
    const page = fixture("product-with-newsletter-recaptcha.html");
    expect(hasProductContent(page)).toBe(true);
    expect(classifyChallenge(200, {}, page)).toBeUndefined();
  });

  it("an ordinary 403 page is an HTTP error, not a challenge", () => {
    expect(classifyChallenge(403, {}, fixture("ordinary-403.html"))).toBeUndefined();
  });

  it("a product page with a DataDome header is not a challenge", () => {
    const page = fixture("product-with-newsletter-recaptcha.html");
    expect(classifyChallenge(200, { "x-datadome": "protected" }, page)).toBeUndefined();
  });

  it("an empty body or plain text is not a challenge", () => {
    expect(classifyChallenge(200, {}, "")).toBeUndefined();
    expect(
      classifyChallenge(200, {}, "Just a moment please, our captcha FAQ is below"),
    ).toBeUndefined();
  });
});
