/** Placeholder footer; the content issue replaces it with the admin-managed footer. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white py-8 text-center text-sm text-slate-500">
      © {new Date().getFullYear()} Mailsmith. All rights reserved.
    </footer>
  );
}
