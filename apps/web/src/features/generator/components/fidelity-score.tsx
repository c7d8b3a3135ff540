// Shared with Check my email (a design beside a member's own HTML): the component lives in components/email.
export { FidelityScore, type FidelityScoreValue } from "@/components/email/fidelity-score";
