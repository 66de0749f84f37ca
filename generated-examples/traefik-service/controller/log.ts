// What the controllers print: one line per event, as controller-runtime's development logger
// (time, level, message, then the fields as JSON).
export type Logger = (message: string, fields?: Record<string, unknown>) => void;

/** Prints to stdout. */
export const consoleLogger: Logger = (message, fields = {}) => {
  console.log(`${new Date().toISOString()}\tINFO\t${message}\t${JSON.stringify(fields)}`);
};

/** Prints nothing. */
export const silentLogger: Logger = () => undefined;
