// What a controller prints: one line per event, as controller-runtime's development logger prints
// them (time, level, message, then the fields as JSON). Controllers take a `Logger` in their
// options so that tests can pass `silentLogger`.

/** One log line: a message and its structured fields. */
export type Logger = (message: string, fields?: Record<string, unknown>) => void;

/** Prints to stdout: `<ISO time>\tINFO\t<message>\t<fields as JSON>`. */
export const consoleLogger: Logger = (message, fields = {}) => {
  console.log(`${new Date().toISOString()}\tINFO\t${message}\t${JSON.stringify(fields)}`);
};

/** Prints nothing. */
export const silentLogger: Logger = () => undefined;
