import { describe, expect, it } from "vitest";
import { errorText } from "./error-text.ts";

describe("errorText", () => {
  it("words every status plainly, whatever it is", () => {
    for (const status of [400, 401, 403, 404, 405, 408, 409, 413, 418, 429, 500, 502, 503, 504]) {
      const text = errorText(status);
      expect(text.title.length, String(status)).toBeGreaterThan(3);
      expect(text.description, String(status)).not.toMatch(/route|action|loader|\.tsx?|`/i);
    }
  });

  it("says a server fault is ours and a 4xx it does not know is the request's", () => {
    expect(errorText(500).title).toBe("Something went wrong on our side");
    expect(errorText(502).title).toBe("Something went wrong on our side");
    expect(errorText(418).title).toBe("That did not work");
    expect(errorText(404).title).toBe("Page Not Found");
  });
});
