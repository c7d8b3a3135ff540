import { useDocumentTitle } from "@/lib/use-document-title";
import { ProfileEditor } from "../components/profile-editor";

/** /update-profile */
export function UpdateProfilePage() {
  useDocumentTitle("Update Profile - Mailsmith");
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Update Profile</h1>
      <p className="mt-1 mb-6 text-slate-600">Your photo and personal information.</p>
      <ProfileEditor />
    </section>
  );
}
