// watch: the streamed side of the API: newline-delimited JSON framing, typed watch events (ERROR
// events thrown as ApiError) and the async iterator a watch request becomes. Clients build their
// watch verbs on it; informers (later) build on those.
export * from "./ndjson-decoder.js";
export * from "./watch-event.js";
export * from "./watch-stream.js";
