import { EMAIL_TYPES, TEMPLATE_SORTS, type TemplateSort } from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

const SEARCH_DELAY_MS = 300;

/** The list state lives in the address (?q=&type=&sort=&page=), so a reload or a shared link keeps it. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get("sort");
  const typeParam = params.get("type");
  const state = {
    q: params.get("q") ?? "",
    type: typeParam && (EMAIL_TYPES as readonly string[]).includes(typeParam) ? typeParam : "",
    sort: (TEMPLATE_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as TemplateSort) : "newest",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const set = (change: Partial<typeof state>) => {
    const next = { ...state, page: 1, ...change };
    const out = new URLSearchParams();
    if (next.q) out.set("q", next.q);
    if (next.type) out.set("type", next.type);
    if (next.sort !== "newest") out.set("sort", next.sort);
    if (next.page > 1) out.set("page", String(next.page));
    setParams(out, { replace: true });
  };
  return { ...state, set };
}

/**
 * My Templates' search, filter, sort and page (in the address), and the search box's text, applied as the member types
 * (debounced, without a button).
 */
export function useTemplateList() {
  const list = useListParams();
  const [search, setSearch] = useState(list.q);
  useEffect(() => {
    if (search.trim() === list.q) return;
    const t = window.setTimeout(() => list.set({ q: search.trim() }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(t);
  });
  return { ...list, search, setSearch, filtered: Boolean(list.q || list.type) };
}

export type TemplateListState = ReturnType<typeof useTemplateList>;
