import { z } from 'zod';

// The CSP forbids eval. When zod 4 builds an object schema it probes `new Function` to decide whether to compile
// faster parsers; the probe's error is caught, but the browser still reports a CSP violation on every page. Jitless
// mode skips the probe. It only applies to schemas built after this runs, so main.tsx imports this module first;
// public/theme-boot.js sets the same flag before any chunk loads, for chunks the bundler runs earlier.
z.config({ jitless: true });
