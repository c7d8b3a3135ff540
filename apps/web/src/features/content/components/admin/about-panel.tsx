/** Placeholder: built by the issue that owns this feature. */
export function AboutPanel() {
  return <p className="text-sm text-slate-600">About Section Management is being built.</p>;
}
