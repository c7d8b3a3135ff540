// The admin-managed footer lives with the rest of the site content.
export { SiteFooter } from "@/features/content/components/site-footer";
