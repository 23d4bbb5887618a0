import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { signWebhook } from "./webhook-signature.ts";

/** The verification example in docs/webhooks.md must work against what Dropwave sends. */
it("the documented Node verification example accepts real signatures and refuses bad ones", async () => {
  const doc = await readFile(path.join(import.meta.dirname, "../../docs/webhooks.md"), "utf8");
  const code = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
  expect(code).toBeDefined();
  const dir = await mkdtemp(path.join(tmpdir(), "dropwave-doc-"));
  try {
    const file = path.join(dir, "verify.mjs");
    await writeFile(file, code ?? "");
    const { verifyDropwaveSignature } = (await import(pathToFileURL(file).href)) as {
      verifyDropwaveSignature: (s: string, h: unknown, b: string, t?: number) => boolean;
    };
    const secret = "whsec_doc_example_secret";
    const body = '{"type":"price_drop"}';
    const now = Math.floor(Date.now() / 1000);
    const header = signWebhook(secret, body, now);
    expect(verifyDropwaveSignature(secret, header, body)).toBe(true);
    expect(verifyDropwaveSignature(secret, header, `${body} `)).toBe(false);
    expect(verifyDropwaveSignature("other", header, body)).toBe(false);
    expect(verifyDropwaveSignature(secret, signWebhook(secret, body, now - 600), body)).toBe(false);
    expect(verifyDropwaveSignature(secret, undefined, body)).toBe(false);
    expect(verifyDropwaveSignature(secret, "t=1,v1=zz", body)).toBe(false);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
