import { PROFILE_IMAGE_ACCEPT, PROFILE_MESSAGES, PROFILE_UI_TEXTS, type TUser } from "@mailsmith/shared";
import { useRef } from "react";
import { toast } from "sonner";
import { Badge, roleColor } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { profilePayload, useUpdateProfile } from "../api/update-profile";
import { checkImageFile, useUploadImage } from "../api/upload-image";

/** Photo card: Change Photo / Uploading... / Remove Photo. A new photo is saved to the profile at once. */
export function PhotoCard({ user }: { user: TUser }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const update = useUpdateProfile();
  const busy = upload.isPending || update.isPending;

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const res = await upload.mutateAsync(file);
      await update.mutateAsync({ userId: user._id, body: { ...profilePayload(user), profileURL: res.file.url } });
      toast.success(PROFILE_MESSAGES.imageUploaded);
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status >= 400 && err.status < 500
          ? err.message
          : PROFILE_MESSAGES.imageUploadFailed,
      );
    }
  }

  async function remove() {
    try {
      await update.mutateAsync({ userId: user._id, body: { ...profilePayload(user), profileURL: null } });
      toast.success(PROFILE_MESSAGES.photoRemoved);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : PROFILE_MESSAGES.profileUpdateError);
    }
  }

  return (
    <section
      aria-labelledby="photo-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
    >
      <h2 id="photo-heading" className="sr-only">
        {PROFILE_UI_TEXTS.photoHeading}
      </h2>
      {user.profileURL ? (
        <img
          src={user.profileURL}
          alt={PROFILE_UI_TEXTS.photoAlt(user.userName)}
          className="mx-auto h-32 w-32 rounded-full object-cover ring-4 ring-brand-50"
        />
      ) : (
        <span
          aria-hidden="true"
          className="mx-auto flex h-32 w-32 items-center justify-center rounded-full bg-brand-100 text-4xl font-bold text-brand-700"
        >
          {(user.userName || "?").charAt(0).toUpperCase()}
        </span>
      )}
      <p className="mt-4 font-semibold text-slate-900">{user.userName}</p>
      <p className="text-sm break-all text-slate-500">{user.email}</p>
      <div className="mt-2">
        <Badge color={roleColor(user.userRole)}>
          {user.userRole === "Admin" ? "Admin" : user.userRole || "Member"}
        </Badge>
      </div>
      <input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_ACCEPT}
        className="sr-only"
        aria-label={PROFILE_UI_TEXTS.choosePhoto}
        tabIndex={-1}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={() => input.current?.click()} disabled={busy} loading={upload.isPending}>
          {upload.isPending ? PROFILE_UI_TEXTS.uploading : PROFILE_UI_TEXTS.changePhoto}
        </Button>
        {user.profileURL && (
          <Button variant="secondary" onClick={() => void remove()} disabled={busy}>
            {PROFILE_UI_TEXTS.removePhoto}
          </Button>
        )}
      </div>
      <p className="mt-3 text-xs text-slate-500">{PROFILE_UI_TEXTS.photoHint}</p>
    </section>
  );
}
