import { PROFILE_UI_TEXTS } from "@mailsmith/shared";
import { useDocumentTitle } from "@/lib/use-document-title";
import { DeleteMyAccount, DownloadMyData } from "../components/member-data";
import { ProfileEditor } from "../components/profile-editor";

/** /update-profile */
export function UpdateProfilePage() {
  useDocumentTitle("Update Profile - Mailsmith");
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">{PROFILE_UI_TEXTS.title}</h1>
      <p className="mt-1 mb-6 text-slate-600">{PROFILE_UI_TEXTS.intro}</p>
      <ProfileEditor />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <DownloadMyData />
        <DeleteMyAccount />
      </div>
    </section>
  );
}
