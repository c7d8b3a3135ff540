import { ComingSoon } from "@/components/ui/page-state";

export function ContactPage() {
  return <ComingSoon title="Contact Us" />;
}
