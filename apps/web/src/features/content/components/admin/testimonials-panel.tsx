/** Placeholder: built by the issue that owns this feature. */
export function TestimonialsPanel() {
  return <p className="text-sm text-slate-600">Testimonials is being built.</p>;
}
