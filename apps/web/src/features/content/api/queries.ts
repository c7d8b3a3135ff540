import {
  CONTENT_ROUTES,
  CONTENT_TEXTS,
  LANDING_BOOTSTRAP_ID,
  type TAbout,
  type TBanner,
  type TContactPage,
  type TFeature,
  type TFooter,
  type THero,
  type TTestimonial,
} from "@mailsmith/shared";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { fetchContent } from "./fetch-content";
import { noteFooterVersion, writeFooterCache } from "./footer-cache";

/** The public content reads, shared by the hooks and by the landing prefetch. */
export const heroQuery = queryOptions({
  queryKey: queryKeys.content.hero,
  queryFn: () => fetchContent<THero | null>(CONTENT_ROUTES.hero, CONTENT_TEXTS.hero.fetchFailed),
});

export const bannerQuery = queryOptions({
  queryKey: queryKeys.content.banner,
  queryFn: () => fetchContent<TBanner | null>(CONTENT_ROUTES.banner, CONTENT_TEXTS.banner.fetchFailed),
});

/** Sorted by order; a visitor gets the active ones, an admin all of them. */
export async function loadFeatures(): Promise<TFeature[]> {
  const list = await fetchContent<TFeature[]>(CONTENT_ROUTES.features, CONTENT_TEXTS.features.fetchFailed);
  return [...(list ?? [])].sort((a, b) => a.order - b.order);
}

export const featuresQuery = queryOptions({ queryKey: queryKeys.content.features, queryFn: loadFeatures });

export const aboutQuery = queryOptions({
  queryKey: queryKeys.content.about,
  queryFn: () => fetchContent<TAbout | null>(CONTENT_ROUTES.about, CONTENT_TEXTS.about.fetchFailed),
});

/** GET /api/testimonials: the list is at data.data. */
export async function loadTestimonials(): Promise<TTestimonial[]> {
  const answer = await fetchContent<{ data: TTestimonial[] } | null>(
    CONTENT_ROUTES.testimonials,
    CONTENT_TEXTS.testimonials.failed,
  );
  return answer?.data ?? [];
}

export const testimonialsQuery = queryOptions({ queryKey: queryKeys.content.testimonials, queryFn: loadTestimonials });

export const contactPageQuery = queryOptions({
  queryKey: queryKeys.content.contactPage,
  queryFn: () => fetchContent<TContactPage | null>(CONTENT_ROUTES.contactPage, CONTENT_TEXTS.contact.empty),
});

type Answer<T> = { data: T } | undefined;
/** The public answers the server inlines into the landing page, keyed by section. */
export interface LandingBootstrap {
  hero?: Answer<THero | null>;
  banner?: Answer<TBanner | null>;
  features?: Answer<TFeature[]>;
  about?: Answer<TAbout | null>;
  contactPage?: Answer<TContactPage | null>;
  testimonials?: Answer<{ data: TTestimonial[] } | null>;
  footer?: Answer<TFooter | null>;
  footerVersion?: string;
}

/** The content the server inlined into the landing page's HTML; read once, then removed. */
function takeBootstrap(): LandingBootstrap | null {
  const el = typeof document === "undefined" ? null : document.getElementById(LANDING_BOOTSTRAP_ID);
  if (!el) return null;
  el.remove();
  try {
    return JSON.parse(el.textContent ?? "") as LandingBootstrap;
  } catch {
    return null;
  }
}

/** Puts the inlined answers into a query cache: the browser's before its first render, the prerender's on the server. */
export function seedLandingContent(qc: QueryClient, boot: LandingBootstrap) {
  if (boot.hero) qc.setQueryData(heroQuery.queryKey, boot.hero.data);
  if (boot.banner) qc.setQueryData(bannerQuery.queryKey, boot.banner.data);
  if (boot.features) {
    qc.setQueryData(
      featuresQuery.queryKey,
      [...(boot.features.data ?? [])].sort((a, b) => a.order - b.order),
    );
  }
  if (boot.about) qc.setQueryData(aboutQuery.queryKey, boot.about.data);
  if (boot.contactPage) qc.setQueryData(contactPageQuery.queryKey, boot.contactPage.data);
  if (boot.testimonials) qc.setQueryData(testimonialsQuery.queryKey, boot.testimonials.data?.data ?? []);
  if (boot.footer) qc.setQueryData(queryKeys.content.footer, boot.footer.data);
}

/**
 * The landing route's loader: seeds the sections from the inlined content when the page was just served,
 * then starts any read still missing, in parallel with the page's code rather than after it.
 */
export function prefetchLandingContent() {
  const boot = takeBootstrap();
  if (boot) {
    seedLandingContent(queryClient, boot);
    if (boot.footer) {
      noteFooterVersion(boot.footerVersion ?? null);
      writeFooterCache(boot.footer.data, boot.footerVersion ?? null);
    }
  }
  void queryClient.prefetchQuery(heroQuery);
  void queryClient.prefetchQuery(bannerQuery);
  void queryClient.prefetchQuery(featuresQuery);
  void queryClient.prefetchQuery(aboutQuery);
  void queryClient.prefetchQuery(contactPageQuery);
  void queryClient.prefetchQuery(testimonialsQuery);
  return null;
}
