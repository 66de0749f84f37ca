import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { closest, didYouMean, editDistance } from "../../src/diagnostics/index.js";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and neighbour swaps", () => {
    assert.equal(editDistance("Minimum", "Minimum"), 0);
    assert.equal(editDistance("Minimun", "Minimum"), 1);
    assert.equal(editDistance("Minimm", "Minimum"), 1);
    assert.equal(editDistance("Mniimum", "Minimum"), 1);
    assert.equal(editDistance("", "abc"), 3);
    assert.equal(editDistance("kitten", "sitting"), 3);
  });

  it("ignores case", () => {
    assert.equal(editDistance("minlength", "MinLength"), 0);
  });
});

describe("closest", () => {
  const names = ["kubebuilder:validation:Minimum", "kubebuilder:validation:Maximum", "kubebuilder:validation:items:Minimum", "genclient"];

  it("ranks a case-insensitive match first", () => {
    assert.deepEqual(closest("kubebuilder:validation:minimum", names), ["kubebuilder:validation:Minimum"]);
  });

  it("finds the right name under a wrong prefix by its last segment", () => {
    assert.deepEqual(closest("kubebuilder:Minimum", names), ["kubebuilder:validation:Minimum"]);
  });

  it("offers only the best-scoring candidates", () => {
    assert.deepEqual(closest("kubebuilder:validation:Minimun", names), ["kubebuilder:validation:Minimum"]);
  });

  it("offers nothing when nothing is close", () => {
    assert.deepEqual(closest("something:else", names), []);
  });

  it("never offers the word itself", () => {
    assert.deepEqual(closest("genclient", names), []);
  });
});

describe("didYouMean", () => {
  it("formats one or several suggestions", () => {
    assert.equal(didYouMean([]), undefined);
    assert.equal(didYouMean(["a"], "+"), "did you mean +a?");
    assert.equal(didYouMean(["a", "b"], "+"), "did you mean one of +a, +b?");
  });
});
