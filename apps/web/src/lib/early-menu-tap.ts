/**
 * The prerendered landing page (decision 082) is painted before the app hydrates; on a slow phone a tap on the menu
 * button in that gap would be lost. The entry (main.tsx) marks it on <html> and keeps it from React; the hydrated
 * header opens the menu and from then on handles taps itself. Plain DOM attributes, so the entry imports no code of
 * the app's chunk.
 */
export function takeEarlyMenuTap(): boolean {
  const html = document.documentElement;
  html.dataset.hydrated = "";
  const tapped = html.dataset.menuTapped !== undefined;
  delete html.dataset.menuTapped;
  return tapped;
}
