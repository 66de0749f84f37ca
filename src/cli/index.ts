// Stage: cli. Owns argv parsing (yargs), printing and exit codes; the only place that decides
// how the process ends. It must not hold generation logic.
export { main } from "./main.js";
