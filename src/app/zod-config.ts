import { z } from 'zod';

// Imported first by the entry (src/main.tsx), before any schema is built: zod decides per object schema, when it is
// built, whether to compile a checker with `new Function`. The console's CSP (script-src 'self') forbids that, so in
// production zod only ever tried once (a CSP violation) and checked without it; said here, it never tries, and a page
// run without the CSP (the bench bypasses it) checks the way users' pages do rather than compiling a checker per
// schema on the cold path (~9 ms of the task that renders the shell after the login).
z.config({ jitless: true });
