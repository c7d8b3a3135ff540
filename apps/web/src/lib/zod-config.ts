import { z } from "zod";

// zod compiles fast parsers with `new Function` when it can; our Content-Security-Policy forbids eval, and the
// probe alone is reported as a violation. The interpreted parsers are plenty fast for forms.
z.config({ jitless: true });
