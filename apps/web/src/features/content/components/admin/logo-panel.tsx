import { CONTENT_ADMIN_TEXTS } from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useFooter, useSaveFooter } from "../../api/footer";
import { PanelHeader, PanelLoading } from "./admin-ui";

const T = CONTENT_ADMIN_TEXTS.logo;

/** One logo URL: reads the current footer, then saves it with only middleSection.logoUrl replaced (spec). */
export function LogoPanel() {
  const footer = useFooter();
  const save = useSaveFooter();
  const [url, setUrl] = useState("");
  const [warning, setWarning] = useState<string | null>(null);
  /** The address whose preview failed to load ("Logo Error"). */
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const previewFailed = failedUrl === url;
  const current = footer.data?.middleSection.logoUrl ?? "";
  useEffect(() => setUrl(current), [current]);

  if (footer.isPending) return <PanelLoading />;
  const fetchProblem = footer.isError ? T.fetchError : !footer.data ? T.fetchFailed : null;

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!url.trim()) {
      setWarning(T.blank);
      return;
    }
    setWarning(null);
    if (!footer.data) {
      toast.error(T.fetchFailed);
      return;
    }
    const { createdAt: _c, updatedAt: _u, ...rest } = footer.data;
    try {
      await save.mutateAsync({ ...rest, middleSection: { ...rest.middleSection, logoUrl: url.trim() } });
      toast.success(T.updated);
    } catch (err) {
      toast.error(errorMessage(err, T.updateFailed));
    }
  };

  return (
    <div className="space-y-6">
      <PanelHeader title={T.heading} description="The logo in the site header and footer." />
      {fetchProblem && <Alert tone="error">{fetchProblem}</Alert>}
      <div className="flex h-24 items-center justify-center rounded-xl border border-slate-200 bg-slate-50 p-4">
        {url && !previewFailed ? (
          <img
            src={url}
            alt="Logo preview"
            className="max-h-16 max-w-[200px] object-contain"
            onError={() => setFailedUrl(url)}
          />
        ) : (
          <span className="text-sm text-slate-600">{previewFailed ? "Logo Error" : "No logo set"}</span>
        )}
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Logo URL"
          type="url"
          placeholder="https://…/logo.svg or /content/logo.svg"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={warning ?? undefined}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={Boolean(fetchProblem)}>
            {save.isPending ? "Saving..." : "Update Logo"}
          </Button>
        </div>
      </form>
    </div>
  );
}
