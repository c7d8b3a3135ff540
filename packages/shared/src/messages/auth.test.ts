import { describe, expect, it } from "vitest";
import { GOOGLE_SIGN_IN_ERRORS, googleSignInErrorMessage } from "./auth.js";

describe("googleSignInErrorMessage", () => {
  it("words each code Google sign-in comes back with, and nothing without one", () => {
    expect(googleSignInErrorMessage(null)).toBeNull();
    expect(googleSignInErrorMessage("")).toBeNull();
    expect(googleSignInErrorMessage("access_denied")).toBe(GOOGLE_SIGN_IN_ERRORS.cancelled);
    expect(googleSignInErrorMessage("account_not_linked")).toBe(GOOGLE_SIGN_IN_ERRORS.accountNotLinked);
    expect(googleSignInErrorMessage("state_not_found")).toBe(GOOGLE_SIGN_IN_ERRORS.other);
  });
});
