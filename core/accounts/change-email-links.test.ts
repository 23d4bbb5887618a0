import { describe, expect, it } from "vitest";
import {
  clearApprovalStep,
  isApprovalStep,
  isChangeEmailVerification,
  markApprovalStep,
} from "./change-email-links.ts";

const jwt = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;

describe("the two links of an email change", () => {
  const link =
    "https://dw.example/api/auth/verify-email?token=abc&callbackURL=%2Fuser%3Femail%3Dchanged";

  it("marks the approval link's landing and clears it on the second link", () => {
    const approval = markApprovalStep(link);
    const callback = new URL(approval).searchParams.get("callbackURL");
    expect(callback).toBe("/user?email=changed&step=approved");
    expect(new URL(approval).searchParams.get("token")).toBe("abc");
    // better-auth copies the callback into the second link; clearing gives the original back.
    expect(new URL(clearApprovalStep(approval)).searchParams.get("callbackURL")).toBe(
      "/user?email=changed",
    );
  });

  it("leaves a link without a callback as it is", () => {
    const bare = "https://dw.example/api/auth/verify-email?token=abc";
    expect(markApprovalStep(bare)).toBe(bare);
  });

  it("reads the landing page's step", () => {
    expect(isApprovalStep(new URLSearchParams("email=changed&step=approved"))).toBe(true);
    expect(isApprovalStep(new URLSearchParams("email=changed"))).toBe(false);
  });

  it("tells the second link's token from a sign-up verification's", () => {
    expect(isChangeEmailVerification(jwt({ requestType: "change-email-verification" }))).toBe(true);
    expect(isChangeEmailVerification(jwt({ requestType: "change-email-confirmation" }))).toBe(
      false,
    );
    expect(isChangeEmailVerification(jwt({ email: "a@b.test" }))).toBe(false);
    expect(isChangeEmailVerification("not-a-token")).toBe(false);
    expect(isChangeEmailVerification("a.%%%.b")).toBe(false);
  });
});
