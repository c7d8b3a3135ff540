import { useEffect, useState } from "react";

/** An account older than this is a returning member even in a browser that has not seen them (a new device). */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * True on a member's first visit to the dashboard: a new account this browser has not welcomed yet. The
 * answer is fixed for the page's life (the greeting does not change under the member's eyes); the visit is
 * remembered, so the next one says Welcome back.
 */
export function useFirstVisit(user: { _id: string; createdAt: string } | null | undefined): boolean {
  const key = user ? `mailsmith:welcomed:${user._id}` : "";
  const [first, setFirst] = useState<boolean | null>(null);
  useEffect(() => {
    if (!user || first !== null) return;
    let seen = false;
    try {
      seen = window.localStorage?.getItem(key) === "1";
      window.localStorage?.setItem(key, "1");
    } catch {
      // storage disabled: judged by the account's age alone
    }
    const young = Date.now() - new Date(user.createdAt).getTime() < NEW_ACCOUNT_MS;
    setFirst(!seen && young);
  }, [user, key, first]);
  return first === true;
}
