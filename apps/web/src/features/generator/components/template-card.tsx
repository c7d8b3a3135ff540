import {
  GENERATION_JOB_MESSAGES,
  GENERATOR_FILES,
  GENERATOR_MESSAGES,
  GENERATOR_UI,
  type TTemplateItem,
} from "@mailsmith/shared";
import { Link } from "react-router";
import { toast } from "sonner";
import { Badge, type BadgeColor } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { downloadText } from "@/lib/download";
import { formatDate } from "@/lib/format-date";
import { fetchTemplate } from "../api/queries";
import { useDuplicateTemplate } from "../api/templates";
import { TemplateThumb } from "./template-thumb";

const downloadHtml = (html: string) => downloadText(GENERATOR_FILES.html, html, "text/html");

export const scoreColor = (score: number): BadgeColor => (score >= 85 ? "green" : score >= 65 ? "amber" : "red");

/** Where this item sits in its version chain: the version it was refined from and the ones made from it. */
function VersionChain({ item }: { item: TTemplateItem }) {
  if (!item.parentId && item.childIds.length === 0) return null;
  const link = "font-medium text-brand-700 hover:underline";
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
      <span>{GENERATOR_UI.versions}:</span>
      {item.parentId && (
        <>
          <Link to={`${paths.user.templates}/${item.parentId}`} className={link}>
            v{item.version - 1}
          </Link>
          <span aria-hidden="true">→</span>
        </>
      )}
      <strong className="text-slate-900">v{item.version}</strong>
      {item.childIds.map((id, i) => (
        <span key={id} className="flex items-center gap-x-1.5">
          <span aria-hidden="true">→</span>
          <Link to={`${paths.user.templates}/${id}`} className={link}>
            v{item.version + 1}
            {item.childIds.length > 1 ? String.fromCharCode(97 + i) : ""}
          </Link>
        </span>
      ))}
    </p>
  );
}

/** Open, Rename, Duplicate, Copy HTML, Download HTML and Delete of one saved email. */
function CardActions({
  t,
  onRename,
  onDelete,
}: {
  t: TTemplateItem;
  onRename: (t: TTemplateItem) => void;
  onDelete: (t: TTemplateItem) => void;
}) {
  const dup = useDuplicateTemplate();
  const withHtml = async (use: (html: string) => Promise<void> | void, done: string) => {
    try {
      await use((await fetchTemplate(t._id)).html);
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, GENERATOR_MESSAGES.copyFailed));
    }
  };
  const small = "px-3 py-1.5";
  return (
    <div className="mt-auto flex flex-wrap gap-2 pt-2">
      <Link to={`${paths.user.templates}/${t._id}`} className={buttonClasses("primary", small)}>
        {GENERATOR_UI.open}
      </Link>
      <Button
        variant="secondary"
        className={small}
        aria-label={`${GENERATOR_UI.rename} ${t.name}`}
        onClick={() => onRename(t)}
      >
        {GENERATOR_UI.rename}
      </Button>
      <Button
        variant="secondary"
        className={small}
        aria-label={`${GENERATOR_UI.duplicate} ${t.name}`}
        loading={dup.isPending && dup.variables === t._id}
        onClick={() =>
          dup.mutate(t._id, {
            onSuccess: (r) => toast.success(r.message ?? GENERATION_JOB_MESSAGES.duplicated),
            onError: (err) => toast.error(errorMessage(err, GENERATOR_UI.duplicateFailed)),
          })
        }
      >
        {GENERATOR_UI.duplicate}
      </Button>
      <Button
        variant="secondary"
        className={small}
        onClick={() => withHtml((html) => navigator.clipboard.writeText(html), GENERATOR_MESSAGES.copied("HTML"))}
      >
        {GENERATOR_UI.copy}
      </Button>
      <Button
        variant="secondary"
        className={small}
        onClick={() => withHtml(downloadHtml, GENERATOR_MESSAGES.downloaded(GENERATOR_FILES.html))}
      >
        {GENERATOR_UI.download}
      </Button>
      <Button
        variant="dangerGhost"
        className={small}
        aria-label={GENERATOR_UI.deleteNamed(t.name)}
        onClick={() => onDelete(t)}
      >
        {GENERATOR_UI.delete}
      </Button>
    </div>
  );
}

/** One saved email in My Templates: thumbnail, type, score and check badges, name, versions, details, actions. */
export function TemplateCard({
  t,
  onRename,
  onDelete,
}: {
  t: TTemplateItem;
  onRename: (t: TTemplateItem) => void;
  onDelete: (t: TTemplateItem) => void;
}) {
  return (
    <li
      aria-label={t.name}
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <TemplateThumb id={t._id} title={GENERATOR_UI.previewOf(t.name)} src={t.thumbnailUrl} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge color="blue">{t.emailType.replace(/ Templates?$/, "")}</Badge>
          {t.score !== null && <Badge color={scoreColor(t.score)}>{GENERATOR_UI.score(t.score)}</Badge>}
          <Badge color={t.passed ? "green" : "amber"}>
            {t.passed ? GENERATOR_UI.passed : GENERATOR_UI.needsReview}
          </Badge>
        </div>
        <Link
          to={`${paths.user.templates}/${t._id}`}
          className="font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
        >
          {t.name}
        </Link>
        <VersionChain item={t} />
        {t.instructions && <p className="line-clamp-2 text-sm text-slate-600">{t.instructions}</p>}
        <p className="text-xs text-slate-500">
          {formatDate(t.createdAt, { time: true })} · {t.credit} credit · {(t.sizeBytes / 1024).toFixed(1)} KB
        </p>
        <CardActions t={t} onRename={onRename} onDelete={onDelete} />
      </div>
    </li>
  );
}
