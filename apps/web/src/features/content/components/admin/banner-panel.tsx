import { zodResolver } from "@hookform/resolvers/zod";
import {
  BANNER_NOTICE_MS,
  BANNER_PATTERNS,
  CONTENT_ADMIN_TEXTS,
  CONTENT_UI_TEXTS,
  isValidImageUrl,
  isValidYouTubeUrl,
  type TBanner,
  type TBannerInput,
  ZBannerInputSchema,
} from "@mailsmith/shared";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EditorFrame, useEditor } from "@/components/ui/editor-frame";
import { TextAreaField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-client";
import {
  useBanner,
  useBannerStats,
  useDeleteBanner,
  useResetBanner,
  useSaveBanner,
  useToggleBanner,
} from "../../api/banner";
import { BannerView } from "../landing/banner-section";
import { FieldGroup, formatDateTime, PanelHeader, SelectField, StatTile, TabPanel, Tabs } from "./admin-ui";
import { HeroEditor } from "./hero-editor";

const T = CONTENT_ADMIN_TEXTS.banner;

type Notice = { tone: "success" | "error"; text: string } | null;

/** Banner-page notices hide after 5 s (spec). */
function useNotice() {
  const [notice, setNotice] = useState<Notice>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), BANNER_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}

const toForm = (b: TBanner | null | undefined): TBannerInput => ({
  isActive: b?.isActive ?? true,
  subTitle: b?.subTitle ?? "",
  mainTitle: b?.mainTitle ?? "",
  highlightText: b?.highlightText ?? "",
  description: b?.description ?? "",
  buttonText: b?.buttonText ?? "",
  buttonLink: b?.buttonLink ?? "",
  youtubeUrl: b?.youtubeUrl ?? "",
  backgroundImage: b?.backgroundImage ?? "",
  backgroundPattern: b?.backgroundPattern ?? "dots",
});

function PromoBannerEditor() {
  const banner = useBanner();
  const stats = useBannerStats();
  const save = useSaveBanner();
  const toggle = useToggleBanner();
  const remove = useDeleteBanner();
  const reset = useResetBanner();
  const [notice, setNotice] = useNotice();
  const editor = useEditor({
    query: banner,
    data: banner.data,
    toForm,
    resolver: zodResolver(ZBannerInputSchema),
    save: async (body) => (await save.mutateAsync(body)).message,
    saveError: (err) => errorMessage(err, T.saveFailed),
    resetToDefault: {
      confirm: T.confirmReset,
      run: async () => (await reset.mutateAsync(undefined)).message,
      error: (err) => errorMessage(err, T.resetFailed),
    },
    notify: (tone, text) => setNotice({ tone, text }),
  });
  const { register, formState, watch } = editor.form;
  const { errors } = formState;
  const loaded = banner.data;
  const active = loaded?.isActive ?? false;
  const busy = toggle.isPending || remove.isPending;
  const youtubeOk = isValidYouTubeUrl(watch("youtubeUrl"));
  const imageOk = isValidImageUrl(watch("backgroundImage"));

  const onToggle = () =>
    editor.act(
      async () => (await toggle.mutateAsync(undefined)).message,
      (err) => errorMessage(err, T.toggleFailed),
    );
  const onDelete = () =>
    editor.act(
      async () => (await remove.mutateAsync(undefined)).message,
      (err) => errorMessage(err, T.updateFailed),
      { message: T.confirmDelete, confirmLabel: CONTENT_UI_TEXTS.bannerPanel.deleteBanner },
    );

  return (
    <EditorFrame
      editor={editor}
      title={CONTENT_UI_TEXTS.bannerPanel.promotionalBanner}
      headingLevel={3}
      description={CONTENT_UI_TEXTS.bannerPanel.theBannerUnderTheHero}
      loadErrorTitle={T.loadError}
      busy={busy}
      saveLabel={CONTENT_UI_TEXTS.bannerPanel.save}
      saveDisabled={!watch("mainTitle")?.trim()}
      actions={
        <>
          <Button variant="secondary" onClick={onToggle} disabled={busy || !loaded}>
            {active ? CONTENT_UI_TEXTS.bannerPanel.deactivate : CONTENT_UI_TEXTS.bannerPanel.activate}
          </Button>
          <Button variant="danger" onClick={onDelete} disabled={busy || !active}>
            {CONTENT_UI_TEXTS.bannerPanel.deleteBanner}
          </Button>
        </>
      }
      intro={
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatTile
              label={CONTENT_UI_TEXTS.bannerPanel.status}
              value={active ? CONTENT_UI_TEXTS.bannerPanel.active : CONTENT_UI_TEXTS.bannerPanel.inactive}
              tone={active ? "green" : "grey"}
            />
            <StatTile
              label={CONTENT_UI_TEXTS.bannerPanel.youtubeVideo}
              value={stats.data?.hasYoutubeVideo ? CONTENT_UI_TEXTS.bannerPanel.yes : CONTENT_UI_TEXTS.bannerPanel.no}
            />
            <StatTile
              label={CONTENT_UI_TEXTS.bannerPanel.backgroundImage}
              value={
                stats.data?.hasBackgroundImage ? CONTENT_UI_TEXTS.bannerPanel.yes : CONTENT_UI_TEXTS.bannerPanel.no
              }
            />
            <StatTile
              label={CONTENT_UI_TEXTS.bannerPanel.lastUpdated}
              value={formatDateTime(stats.data?.lastUpdated ?? loaded?.updatedAt)}
            />
          </dl>
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        </>
      }
      preview={(values) => (
        <div className="bg-slate-50 p-3 sm:p-4">
          <BannerView
            headingId="banner-preview-title"
            banner={{ ...values, mainTitle: values.mainTitle || CONTENT_UI_TEXTS.bannerPanel.mainTitle2 }}
          />
        </div>
      )}
    >
      <FieldGroup title={CONTENT_UI_TEXTS.bannerPanel.text}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={CONTENT_UI_TEXTS.bannerPanel.subTitle}
            {...register("subTitle")}
            error={errors.subTitle?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.bannerPanel.mainTitle}
            required
            {...register("mainTitle")}
            error={errors.mainTitle?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.bannerPanel.highlightText}
            {...register("highlightText")}
            error={errors.highlightText?.message}
          />
        </div>
        <TextAreaField
          label={CONTENT_UI_TEXTS.bannerPanel.description}
          rows={3}
          {...register("description")}
          error={errors.description?.message}
        />
      </FieldGroup>
      <FieldGroup title={CONTENT_UI_TEXTS.bannerPanel.button}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={CONTENT_UI_TEXTS.bannerPanel.buttonText}
            {...register("buttonText")}
            error={errors.buttonText?.message}
          />
          <TextField
            label={CONTENT_UI_TEXTS.bannerPanel.buttonLink}
            placeholder="/#pricing-sec or https://…"
            {...register("buttonLink")}
            error={errors.buttonLink?.message}
          />
        </div>
      </FieldGroup>
      <FieldGroup title={CONTENT_UI_TEXTS.bannerPanel.media}>
        <TextField
          label={CONTENT_UI_TEXTS.bannerPanel.youtubeUrl}
          type="url"
          placeholder="https://www.youtube.com/watch?v=…"
          {...register("youtubeUrl")}
          error={errors.youtubeUrl?.message ?? (youtubeOk ? undefined : T.youtubeInvalid)}
        />
        <TextField
          label={CONTENT_UI_TEXTS.bannerPanel.backgroundImageUrl}
          type="url"
          placeholder="https://…/banner.jpg"
          {...register("backgroundImage")}
          error={errors.backgroundImage?.message ?? (imageOk ? undefined : T.imageInvalid)}
        />
        <SelectField label={CONTENT_UI_TEXTS.bannerPanel.backgroundPattern} {...register("backgroundPattern")}>
          {BANNER_PATTERNS.map((p) => (
            <option key={p} value={p}>
              {p.charAt(0).toUpperCase() + p.slice(1)}
            </option>
          ))}
        </SelectField>
      </FieldGroup>
    </EditorFrame>
  );
}

/**
 * Banner Section: the promotional banner (stats, text, button, media, preview) and, as the spec's
 * "simpler form with a status card", the home banner at the top of the landing page.
 */
export function BannerPanel() {
  // The editor is in the URL (?tab=banner&editor=hero): switching it with unsaved changes asks like any other leave.
  const [params, setParams] = useSearchParams();
  const tab = params.get("editor") === "hero" ? "hero" : "banner";
  const setTab = (key: "banner" | "hero") =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set("editor", key);
      return next;
    });
  return (
    <div className="space-y-5">
      <PanelHeader title={T.heading} description={CONTENT_UI_TEXTS.bannerPanel.thePromotionalBannerUnderThe} />
      <Tabs
        label={CONTENT_UI_TEXTS.bannerPanel.bannerEditors}
        tabs={[
          { key: "banner", label: CONTENT_UI_TEXTS.bannerPanel.promotionalBanner },
          { key: "hero", label: CONTENT_UI_TEXTS.bannerPanel.homeBannerHero },
        ]}
        active={tab}
        onChange={setTab}
      />
      <TabPanel id={tab}>{tab === "banner" ? <PromoBannerEditor /> : <HeroEditor />}</TabPanel>
    </div>
  );
}
