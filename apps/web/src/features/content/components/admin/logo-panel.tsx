import { CONTENT_ADMIN_TEXTS, CONTENT_TEXTS, CONTENT_UI_TEXTS, type TFooter } from "@mailsmith/shared";
import { useState } from "react";
import type { Resolver, ResolverResult } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { EditorFrame, useEditor } from "@/components/ui/editor-frame";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import { useFooter, useSaveFooter } from "../../api/footer";

const T = CONTENT_ADMIN_TEXTS.logo;

type LogoForm = { logoUrl: string };

const toForm = (f: TFooter | null | undefined): LogoForm => ({ logoUrl: f?.middleSection.logoUrl ?? "" });

const resolver: Resolver<LogoForm> = async (values): Promise<ResolverResult<LogoForm>> =>
  values.logoUrl.trim()
    ? { values: { logoUrl: values.logoUrl.trim() }, errors: {} }
    : { values: {}, errors: { logoUrl: { type: "required", message: T.blank } } };

/** The header logo as a visitor sees it; "Logo Error" when the image does not load. */
function LogoPreview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex h-24 items-center border-b border-slate-200 bg-white px-6">
      {url && !failed ? (
        <img
          src={url}
          alt={CONTENT_UI_TEXTS.logoPanel.logoPreview}
          className="h-9 w-auto max-w-[200px]"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className={failed ? "text-sm font-semibold text-red-700" : "text-sm text-slate-600"}>
          {failed ? CONTENT_TEXTS.logo.imageError : CONTENT_UI_TEXTS.logoPanel.noLogoSet}
        </span>
      )}
    </div>
  );
}

/** One logo URL: saved into the stored footer with only middleSection.logoUrl replaced (spec). */
export function LogoPanel() {
  const footer = useFooter();
  const save = useSaveFooter();
  const editor = useEditor({
    query: footer,
    data: footer.data,
    toForm,
    resolver,
    save: async ({ logoUrl }) => {
      if (!footer.data) throw new Error(T.fetchFailed);
      const { createdAt: _c, updatedAt: _u, ...rest } = footer.data;
      await save.mutateAsync({ ...rest, middleSection: { ...rest.middleSection, logoUrl } });
      return T.updated;
    },
    saveError: (err) => errorMessage(err, T.updateFailed),
  });
  const { errors } = editor.form.formState;

  return (
    <EditorFrame
      editor={editor}
      title={T.heading}
      description={CONTENT_UI_TEXTS.logoPanel.theLogoInTheSite}
      loadErrorTitle={T.fetchError}
      saveLabel={CONTENT_UI_TEXTS.logoPanel.updateLogo}
      empty={footer.data ? undefined : <Alert tone="error">{T.fetchFailed}</Alert>}
      preview={(values) => <LogoPreview key={values.logoUrl} url={values.logoUrl} />}
    >
      <TextField
        label={CONTENT_UI_TEXTS.logoPanel.logoUrl}
        type="url"
        placeholder="https://…/logo.svg or /content/logo.svg"
        {...editor.form.register("logoUrl")}
        error={errors.logoUrl?.message}
      />
    </EditorFrame>
  );
}
