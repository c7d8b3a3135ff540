/** Placeholder: built by the issue that owns this feature. */
export function AccountSettingsPanel() {
  return <p className="text-sm text-slate-600">Account Settings is being built.</p>;
}
