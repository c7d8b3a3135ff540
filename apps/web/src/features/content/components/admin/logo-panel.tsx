/** Placeholder: built by the issue that owns this feature. */
export function LogoPanel() {
  return <p className="text-sm text-slate-600">Logo Update is being built.</p>;
}
