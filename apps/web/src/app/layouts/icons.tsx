// Moved to the UI primitives so features can use the same icons.
export { Icon } from "@/components/ui/icon";
