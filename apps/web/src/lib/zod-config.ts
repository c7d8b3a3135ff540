// Every `import … from "zod"` in the web app resolves here (alias in vite.config.ts), so the setting below is applied
// before any schema is used, in whichever chunk zod first loads — zod is not part of the landing page's initial JS.
// zod compiles fast parsers with `new Function` when it can; our Content-Security-Policy forbids eval, and the
// probe alone is reported as a violation. The interpreted parsers are plenty fast for forms.
import { config, z } from "zod/v4";

// Called by its own name: the build treats `z.…` calls as pure so unused schemas drop out (vite.config.ts).
config({ jitless: true });

export * from "zod/v4";
export { z };
export default z;
