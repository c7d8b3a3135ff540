/** Placeholder: built by the issue that owns this feature. */
export function PaypalSettingsPanel() {
  return <p className="text-sm text-slate-600">PayPal Integration Settings is being built.</p>;
}
