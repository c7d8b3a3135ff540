/** Placeholder: built by the issue that owns this feature. */
export function PricingSection() {
  return <p className="text-sm text-slate-600">The pricing section is being built.</p>;
}
