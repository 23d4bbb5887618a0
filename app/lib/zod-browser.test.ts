import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";
import { zodJitlessScript } from "./zod-browser.ts";

// A fresh process, as a page is: the script first, then Zod, with `Function` made to throw as a
// Content-Security-Policy without 'unsafe-eval' does. Building and parsing an object schema must
// never reach it.
test("with the head script run first, Zod builds and parses object schemas without eval", () => {
  const program = `
    ${zodJitlessScript}
    let evals = 0;
    const Real = globalThis.Function;
    globalThis.Function = new Proxy(Real, {
      apply() { evals += 1; throw new EvalError("blocked"); },
      construct() { evals += 1; throw new EvalError("blocked"); },
    });
    const { z } = await import("zod");
    const schema = z.object({ email: z.string().email(), age: z.number().int() });
    const ok = schema.safeParse({ email: "a@example.com", age: 3 }).success;
    const bad = schema.safeParse({ email: "x", age: 1.5 }).success;
    console.log(JSON.stringify({ evals, ok, bad, jitless: z.config().jitless }));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", program], {
    encoding: "utf8",
  });
  expect(JSON.parse(out)).toEqual({ evals: 0, ok: true, bad: false, jitless: true });
});

test("without it, Zod would probe eval: the test above can fail", () => {
  const program = `
    let evals = 0;
    globalThis.Function = new Proxy(globalThis.Function, {
      apply() { evals += 1; throw new EvalError("blocked"); },
      construct() { evals += 1; throw new EvalError("blocked"); },
    });
    const { z } = await import("zod");
    z.object({ a: z.string() }).safeParse({ a: "x" });
    console.log(JSON.stringify({ evals }));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", program], {
    encoding: "utf8",
  });
  expect(JSON.parse(out).evals).toBeGreaterThan(0);
});
