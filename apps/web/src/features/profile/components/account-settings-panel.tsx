import { PROFILE_MESSAGES, PROFILE_UI_TEXTS } from "@mailsmith/shared";
import { ProfileEditor } from "./profile-editor";

/** Admin settings → Account (the admin's own profile). */
export function AccountSettingsPanel() {
  return (
    <div>
      <h2 className="mb-5 text-xl font-bold text-slate-900">{PROFILE_UI_TEXTS.accountSettings}</h2>
      <ProfileEditor missingMessage={PROFILE_MESSAGES.settingsUserMissing} />
    </div>
  );
}
