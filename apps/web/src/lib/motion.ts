/**
 * How the app scrolls on its own: "smooth", unless the person has asked their system for reduced motion — then the
 * page jumps (WCAG 2.3.3; long glides are a known trigger for vestibular disorders). An explicit `behavior` in
 * script wins over the stylesheet's `scroll-behavior`, so every smooth scroll in script goes through this.
 */
export function scrollBehavior(): ScrollBehavior {
  const reduce = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  return reduce ? "auto" : "smooth";
}
