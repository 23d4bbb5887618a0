import { describe, expect, it } from "vitest";
import { DisplayNameForm, parseForm, RegisterForm } from "./account-forms.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("account forms", () => {
  it("refuse a NUL in a name (it cannot be stored) with a message for the field", () => {
    expect(parseForm(DisplayNameForm, form({ name: "Ann\u0000" }))).toMatchObject({
      ok: false,
      fieldErrors: { name: "The name contains a NUL character, which cannot be stored." },
    });
    expect(
      parseForm(
        RegisterForm,
        form({ email: "a@example.test", password: "a long enough password", name: "\u0000" }),
      ),
    ).toMatchObject({ ok: false, fieldErrors: { name: expect.stringMatching(/NUL/) } });
  });

  it("still ask for a display name when it is empty", () => {
    expect(parseForm(DisplayNameForm, form({ name: "  " }))).toMatchObject({
      ok: false,
      fieldErrors: { name: "Enter a display name." },
    });
  });
});
