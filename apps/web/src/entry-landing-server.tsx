/**
 * The landing page's prerender (decision 082), built by `vite build --ssr` into `<web build>-ssr/` and loaded by the
 * server (apps/server/src/features/content/landing-page.ts) at run time: it renders the same routes and providers
 * the browser hydrates, with the content the server inlines beside the markup.
 */
import type { TPackage } from "@mailsmith/shared";
import { QueryClient } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app/app-providers";
import { routes } from "./app/router";
import { type LandingBootstrap, seedLandingContent } from "./features/content/api/queries";
import { queryKeys } from "./lib/query-keys";

export interface LandingRenderInput {
  /** The answers inlined into the page (the JSON of the landing bootstrap element). */
  content: LandingBootstrap;
  /** The packages on sale, or null when they could not be read (the section then loads them in the browser). */
  packages: TPackage[] | null;
}

/** The markup of `/` for a visitor, to put inside `<div id="root">`. */
export async function renderLanding({ content, packages }: LandingRenderInput): Promise<string> {
  const handler = createStaticHandler(routes);
  // The landing loader only seeds the browser's query cache; here the cache is seeded directly, so no loader runs.
  const context = await handler.query(new Request("http://localhost/"), {
    dataStrategy: async ({ matches }) =>
      Object.fromEntries(matches.map((m) => [m.route.id, { type: "data" as const, result: null }])),
  });
  if (context instanceof Response) throw new Error(`landing prerender: the router answered ${context.status}`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  seedLandingContent(queryClient, content);
  if (packages) queryClient.setQueryData(queryKeys.packages.all, packages);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
  try {
    // prerender (not renderToString) waits for lazy parts such as the contact form. Every boundary stays in place
    // (no progressive chunks): one moved to the end would be put back by an inline script, which the CSP forbids
    // and a browser without JavaScript never runs.
    const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
    const html = await new Response(prelude).text();
    if (html.includes("<script")) throw new Error("landing prerender: the markup needs a script");
    return html;
  } finally {
    queryClient.clear();
  }
}
