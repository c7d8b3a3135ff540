/**
 * Image pixels per CSS pixel (decision 121). Phone screenshots are 2× or 3× of a 360–440 px wide screen (720, 750,
 * 828, 1080, 1125, 1170, 1179, 1242, 1284, 1290 …); a design exported "@2x" is about 1 200 px wide for a 600 px email.
 * Anything else is read as 1×. The 320 px screens of 2016 (640 and 960 px shots) are left out on purpose: a desktop
 * design 640 px wide (a 600 px box with its margins) is far more common, and reading it at 2× halves every size
 * (decision 146).
 */
export function detectScale(width: number, contentWidth: number): number {
  const phone = (s: number) => width % s === 0 && width / s >= 360 && width / s <= 440;
  if (phone(3)) return 3;
  if (phone(2)) return 2;
  // An @2x export: a 560–680 px body column drawn at twice the size.
  if (contentWidth >= 1120 && contentWidth <= 1360) return 2;
  return 1;
}
