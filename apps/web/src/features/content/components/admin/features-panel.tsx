/** Placeholder: built by the issue that owns this feature. */
export function FeaturesPanel() {
  return <p className="text-sm text-slate-600">Features Section Management is being built.</p>;
}
