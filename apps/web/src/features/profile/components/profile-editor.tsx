import { PROFILE_MESSAGES } from "@mailsmith/shared";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { useMe } from "@/lib/auth";
import { PhotoCard } from "./photo-card";
import { ProfileForm } from "./profile-form";

/** Photo card + Personal Information form for the signed-in user (used on /update-profile and in admin settings). */
export function ProfileEditor({ missingMessage = PROFILE_MESSAGES.loadUserFailed }: { missingMessage?: string }) {
  const me = useMe();
  if (me.isPending)
    return (
      <div className="flex justify-center p-10 text-brand-600">
        <Spinner />
      </div>
    );
  if (!me.data) return <Alert>{missingMessage}</Alert>;
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <PhotoCard user={me.data} />
      <ProfileForm user={me.data} />
    </div>
  );
}
