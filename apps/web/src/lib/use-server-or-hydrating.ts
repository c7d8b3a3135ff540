import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * True while rendering on the server or hydrating its markup, false for a render that starts in the browser.
 * A component whose first render reads browser-only state (local storage) uses it to match the prerendered HTML.
 */
export function useServerOrHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
