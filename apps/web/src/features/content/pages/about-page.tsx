import { ComingSoon } from "@/components/ui/page-state";

export function AboutPage() {
  return <ComingSoon title="About Mailsmith" />;
}
