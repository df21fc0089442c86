// Lets a script or a benchmark load the app's server modules in plain Node: `server-only` throws outside React
// Server Components (its guard is for bundles, which a script is not), and the react-server condition
// that would quiet it also refuses react-dom/server, which renders the e-mails. As the tests alias it.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
      return next(specifier, context);
    }`)}`,
  import.meta.url,
);
