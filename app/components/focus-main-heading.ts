/**
 * Puts focus where a freshly loaded page would start a screen reader's and keyboard's reading:
 * the main region's level-1 heading (or the region itself), without scrolling. Made focusable
 * here, by script (tabindex -1), so it is never a Tab stop.
 */
export function focusMainHeading(): void {
  const main = document.getElementById("main");
  const heading = main?.querySelector<HTMLElement>("h1") ?? main;
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

/** Whether focus has fallen to nowhere (the body), as it does when its element leaves the page. */
export const focusIsLost = (): boolean =>
  !document.activeElement || document.activeElement === document.body;
