/** Placeholder: built by the issue that owns this feature. */
export function BannerPanel() {
  return <p className="text-sm text-slate-600">Banner Section Management is being built.</p>;
}
