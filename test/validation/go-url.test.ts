// parseRequestURIError answers as Go's url.ParseRequestURI does, message for message: every case of
// test/fixtures/go/parse-request-uri.json (recorded from Go by parse-request-uri/main.go beside it,
// see PROVENANCE.md) is replayed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { parseRequestURIError } from "../../apiextensions/src/validation/go-url.js";

interface Case {
  readonly input: string;
  readonly error: string | null;
}

const fixture = JSON.parse(readFileSync(join(FIXTURES, "go/parse-request-uri.json"), "utf8")) as {
  go: string;
  cases: Case[];
};

test("the fixture was recorded from Go and holds both accepted and refused URLs", () => {
  assert.match(fixture.go, /^go version go1\.26/);
  assert.ok(fixture.cases.length >= 80);
  assert.ok(fixture.cases.some((c) => c.error === null));
  assert.ok(fixture.cases.some((c) => c.error !== null));
});

test("every recorded input gets Go's answer: undefined when accepted, else err.Error() byte for byte", () => {
  for (const c of fixture.cases) {
    assert.equal(parseRequestURIError(c.input), c.error ?? undefined, JSON.stringify(c.input));
  }
});

test("a lone surrogate is read as U+FFFD, as Go's JSON decoder reads it", () => {
  assert.equal(parseRequestURIError("/\ud800%zz"), `parse "/\ufffd%zz": invalid URL escape "%zz"`);
});
