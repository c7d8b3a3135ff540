import type { ReactNode } from "react";
import { useReveal } from "@/lib/use-reveal";

const tones = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  info: "border-blue-200 bg-blue-50 text-blue-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

/**
 * A message in the page. An error that appears outside the window (a failure shown beside a form that a phone puts
 * below it, or far down a long page) is brought into view when it appears: a failure nobody sees is no message
 * (decision 127). Only when it is not on screen already, so nothing jumps for a visible one.
 */
export function Alert({
  tone = "error",
  title,
  children,
}: {
  tone?: keyof typeof tones;
  title?: string;
  children?: ReactNode;
}) {
  const ref = useReveal<HTMLDivElement>(tone === "error");
  return (
    <div
      ref={ref}
      role={tone === "error" ? "alert" : "status"}
      className={`scroll-mt-20 rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? "mt-1" : ""}>{children}</div>}
    </div>
  );
}
