/** Placeholder: built by the issue that owns this feature. */
export function FooterPanel() {
  return <p className="text-sm text-slate-600">Footer Management is being built.</p>;
}
