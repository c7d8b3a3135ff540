import { GENERATOR_UI, TEMPLATE_EDIT_TEXTS as T, type TTemplateFull, type TTemplateVersion } from "@mailsmith/shared";
import { Link } from "react-router";
import { paths } from "@/config/paths";

/** ↑ / ↓ against the version it came from (its parent), when both were scored; the words for screen readers. */
function trend(v: TTemplateVersion, byId: Map<string, TTemplateVersion>) {
  const parent = v.parentId ? byId.get(v.parentId) : undefined;
  if (v.score === null || !parent || parent.score === null) return null;
  const d = v.score - parent.score;
  if (d > 0) return { mark: "↑", label: T.closer(v.version, d), tone: "text-green-700" };
  if (d < 0) return { mark: "↓", label: T.further(v.version, -d), tone: "text-red-700" };
  return { mark: "=", label: T.same(v.version), tone: "text-slate-500" };
}

/**
 * The whole version chain of this template, oldest first, with each version's fidelity score against the original
 * design and whether it got closer than the version it came from.
 */
export function VersionList({ template }: { template: TTemplateFull }) {
  if (template.versions.length < 2) return null;
  const byId = new Map(template.versions.map((v) => [v._id, v]));
  const scored = template.versions.some((v) => v.score !== null);
  return (
    <nav aria-label={GENERATOR_UI.versions} className="mt-2 flex flex-wrap items-center gap-1.5 text-sm">
      <span className="text-slate-600">{GENERATOR_UI.versions}:</span>
      {template.versions.map((v) => {
        const t = trend(v, byId);
        const body = (
          <>
            v{v.version}
            {v.score !== null ? ` · ${v.score}` : ""}
            {t && (
              <>
                <span aria-hidden="true" className={v._id === template._id ? "" : ` ${t.tone}`}>
                  {" "}
                  {t.mark}
                </span>
                <span className="sr-only">{` (${t.label})`}</span>
              </>
            )}
          </>
        );
        return v._id === template._id ? (
          <span
            key={v._id}
            aria-current="page"
            title={t?.label}
            className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white"
          >
            {body}
          </span>
        ) : (
          <Link
            key={v._id}
            to={`${paths.user.templates}/${v._id}`}
            title={t ? `${v.name} — ${t.label}` : v.name}
            className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 hover:bg-brand-50 hover:text-brand-700"
          >
            {body}
          </Link>
        );
      })}
      {scored && <span className="text-xs text-slate-500">{T.versionsHint}</span>}
    </nav>
  );
}
