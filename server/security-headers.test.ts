import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy, createCspNonce } from "./security-headers.ts";

describe("Content-Security-Policy", () => {
  it("allows scripts from this origin and this response's nonce only", () => {
    const policy = buildContentSecurityPolicy({ nonce: "abc123" });
    const directives = Object.fromEntries(
      policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
    );
    expect(directives["script-src"]).toBe("'self' 'nonce-abc123'");
    expect(directives["frame-ancestors"]).toBe("'none'");
    expect(directives["frame-src"]).toBe("'none'");
    expect(directives["connect-src"]).toBe("'self'");
    expect(directives["base-uri"]).toBe("'none'");
    expect(directives["form-action"]).toBe("'self'");
  });

  it("takes extra origins per directive from one place (analytics, payments)", () => {
    const policy = buildContentSecurityPolicy({
      nonce: "n",
      extra: {
        scriptSrc: ["https://js.stripe.com"],
        frameSrc: ["https://js.stripe.com"],
        connectSrc: ["https://eu.posthog.example"],
        imgSrc: ["https://eu.posthog.example"],
      },
    });
    expect(policy).toContain("script-src 'self' 'nonce-n' https://js.stripe.com;");
    expect(policy).toContain("frame-src https://js.stripe.com;");
    expect(policy).toContain("connect-src 'self' https://eu.posthog.example;");
    expect(policy).toContain("img-src 'self' data: blob: https://eu.posthog.example;");
  });

  it("makes a new unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createCspNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});
