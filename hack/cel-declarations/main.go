// Prints the functions the Kubernetes CEL base environment declares for new expressions, for each
// compatibility version from 1.23 to 1.36, as JSON: {"23": ["!_", "_!=_", ...], ...}. A server of
// minor N compiles new expressions at compatibility version N-1 (environment.DefaultCompatibilityVersion).
// scripts/update-cel-declarations.ts turns the output into
// apiextensions/src/crd-checks/cel/declared-functions.ts:
//
//	go run . > /tmp/cel-declarations.json
package main

import (
	"encoding/json"
	"os"
	"sort"
	"strconv"

	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/cel/environment"
)

func main() {
	out := map[string][]string{}
	for minor := 23; minor <= 36; minor++ {
		env := environment.MustBaseEnvSet(version.MajorMinor(1, uint(minor))).NewExpressionsEnv()
		names := []string{}
		for name := range env.Functions() {
			names = append(names, name)
		}
		sort.Strings(names)
		out[strconv.Itoa(minor)] = names
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		panic(err)
	}
}
