import { PROFILE_MESSAGES } from "@mailsmith/shared";
import { ProfileEditor } from "./profile-editor";

/** Admin settings → Account (the admin's own profile). */
export function AccountSettingsPanel() {
  return (
    <div>
      <h2 className="mb-5 text-xl font-bold text-slate-900">Account Settings</h2>
      <ProfileEditor missingMessage={PROFILE_MESSAGES.settingsUserMissing} />
    </div>
  );
}
