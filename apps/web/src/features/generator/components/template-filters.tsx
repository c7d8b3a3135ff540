import { EMAIL_TYPES, GENERATION_JOB_LIMITS, GENERATOR_UI, TEMPLATE_SORTS, type TemplateSort } from "@mailsmith/shared";
import { useId } from "react";
import { inputClasses } from "@/components/ui/field";
import type { TemplateListState } from "../hooks/use-template-list";

/** My Templates' search box, email-type filter and sort. */
export function TemplateFilters({ list }: { list: TemplateListState }) {
  const searchId = useId();
  const typeId = useId();
  const sortId = useId();
  return (
    <search className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div>
        <label htmlFor={searchId} className="mb-1 block text-xs font-medium text-slate-600">
          {GENERATOR_UI.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          value={list.search}
          maxLength={GENERATION_JOB_LIMITS.searchMaxLength}
          onChange={(e) => list.setSearch(e.target.value)}
          placeholder={GENERATOR_UI.searchPlaceholder}
          className={inputClasses()}
        />
      </div>
      <div>
        <label htmlFor={typeId} className="mb-1 block text-xs font-medium text-slate-600">
          {GENERATOR_UI.typeFilterLabel}
        </label>
        <select
          id={typeId}
          value={list.type}
          onChange={(e) => list.set({ type: e.target.value })}
          className={inputClasses()}
        >
          <option value="">{GENERATOR_UI.allTypes}</option>
          {EMAIL_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={sortId} className="mb-1 block text-xs font-medium text-slate-600">
          {GENERATOR_UI.sortLabel}
        </label>
        <select
          id={sortId}
          value={list.sort}
          onChange={(e) => list.set({ sort: e.target.value as TemplateSort })}
          className={inputClasses()}
        >
          {TEMPLATE_SORTS.map((s) => (
            <option key={s} value={s}>
              {GENERATOR_UI.sorts[s]}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
