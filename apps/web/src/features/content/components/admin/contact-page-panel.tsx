/** Placeholder: built by the issue that owns this feature. */
export function ContactPagePanel() {
  return <p className="text-sm text-slate-600">Contact Page is being built.</p>;
}
