import { LANDING_PACKAGES_ID, TOAST_DURATION_MS, type TPackage } from "@mailsmith/shared";
import { lazy, Suspense, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { prefetchLandingContent } from "@/features/content/api/queries";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { AppProviders } from "./app-providers";
import { createAppRouter, LANDING_ROUTE_ID } from "./router";

// Toasts are only raised by later actions: sonner loads after the page and renders in a root of its own, outside
// the hydrated tree (the prerendered HTML has no toast viewport to match).
const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** The packages the server inlined for the landing page's pricing; read once, then removed. */
function seedLandingPackages() {
  const el = document.getElementById(LANDING_PACKAGES_ID);
  if (!el) return;
  el.remove();
  try {
    queryClient.setQueryData(queryKeys.packages.all, JSON.parse(el.textContent ?? "") as TPackage[]);
  } catch {
    // unreadable: the pricing section fetches the list itself
  }
}

/**
 * Starts the app in #root. A prerendered landing page is hydrated: its queries are seeded from the
 * inlined answers and its loader's work counts as done, so the first render matches the server's markup; the
 * hydration runs as a transition, in slices, so a slow phone stays responsive. Any other page renders from scratch.
 */
export function startApp(root: HTMLElement) {
  const prerendered = root.firstElementChild !== null;
  if (prerendered) {
    prefetchLandingContent();
    seedLandingPackages();
  }
  const router = createAppRouter(
    prerendered ? { hydrationData: { loaderData: { [LANDING_ROUTE_ID]: null } } } : undefined,
  );
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  if (prerendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);

  const toasts = document.body.appendChild(document.createElement("div"));
  createRoot(toasts).render(
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
    </Suspense>,
  );
}
