/** Placeholder: built by the issue that owns this feature. */
export function PackagesPanel() {
  return <p className="text-sm text-slate-600">Pricing Packages is being built.</p>;
}
