import { type ImgHTMLAttributes, useState } from "react";

export const PLACEHOLDER_IMAGE = "/content/placeholder.svg";

/** An image that shows the site's placeholder when its address is empty or broken (spec: placeholder fallback). */
export function ContentImage({
  src,
  fallback = PLACEHOLDER_IMAGE,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { src: string | null | undefined; fallback?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return <img {...props} src={broken ? fallback : src} onError={() => setFailed(src ?? null)} />;
}
