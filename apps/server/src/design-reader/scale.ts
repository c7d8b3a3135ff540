/**
 * Image pixels per CSS pixel (decision 121). Phone screenshots are 2× or 3× of a 320–440 px wide screen (750, 828,
 * 1125, 1170, 1179, 1242, 1284, 1290 …); a design exported "@2x" is about 1 200 px wide for a 600 px email. Anything
 * else is read as 1×.
 */
export function detectScale(width: number, contentWidth: number): number {
  const phone = (s: number) => width % s === 0 && width / s >= 320 && width / s <= 440;
  if (width >= 960 && phone(3)) return 3;
  if (width >= 640 && phone(2)) return 2;
  // An @2x export: a 560–680 px body column drawn at twice the size.
  if (contentWidth >= 1120 && contentWidth <= 1360) return 2;
  return 1;
}
