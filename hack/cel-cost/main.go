// Prints the runtime cost kube-apiserver 1.37.2's CEL gives each case of a corpus, as JSON: the
// fixture test/validation/cel-runtime-cost.test.ts replays. After a change to the cases, from here:
//
//	go run . < ../../test/fixtures/cel-cost/cases.json > ../../test/fixtures/cel-cost/costs.json
//
// A case is either
//   - "policy": one expression in the environment admission policies and matchConditions compile in
//     (the base environment at 1.37 with object, oldObject and params declared dyn, as
//     k8s.io/apiserver/pkg/admission/plugin/cel declares them), evaluated once with the server's
//     per-call limit: the actual cost, and the value or the error; with "variables", compiled and
//     evaluated by that package's composited compiler as a ValidatingAdmissionPolicy's validation,
//     the variables' cost apart;
//   - "crd": a v1 openAPIV3Schema with x-kubernetes-validations and an object, validated by
//     apiextensions-apiserver's own validator with the runtime budget of one custom resource: the
//     cost spent (the budget less what remains) and the field errors.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"

	"google.golang.org/protobuf/types/known/structpb"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types/ref"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	crdcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/version"
	plugincel "k8s.io/apiserver/pkg/admission/plugin/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

type testCase struct {
	Name       string         `json:"name"`
	Kind       string         `json:"kind"`
	Expression string         `json:"expression,omitempty"`
	Vars       map[string]any `json:"vars,omitempty"`
	VarSet     string         `json:"varSet,omitempty"`
	Schema     map[string]any `json:"schema,omitempty"`
	Object     map[string]any `json:"object,omitempty"`
	// A policy's variables, compiled in order before the expression, as the admission plugins compose them.
	Variables []variable `json:"variables,omitempty"`
}

type variable struct {
	Name       string `json:"name"`
	Expression string `json:"expression"`
}

// An expression as the admission plugins' compiler takes it (any result type).
type namedExpression struct{ name, expression string }

func (n namedExpression) GetExpression() string    { return n.expression }
func (n namedExpression) ReturnTypes() []*cel.Type { return []*cel.Type{cel.AnyType} }
func (n namedExpression) GetName() string          { return n.name }

type result struct {
	Name   string   `json:"name"`
	Cost   uint64   `json:"cost"`
	Value  any      `json:"value,omitempty"`
	Error  string   `json:"error,omitempty"`
	Errors []string `json:"errors,omitempty"`
	// The cost of the variables the expression read (charged beside its own).
	VariablesCost int64 `json:"variablesCost,omitempty"`
}

func main() {
	var corpus struct {
		// The variables of every policy case that names none.
		Vars map[string]any `json:"vars"`
		// Other sets of variables, which a case names by its varSet.
		VarSets map[string]map[string]any `json:"varSets"`
		Cases   []testCase                `json:"cases"`
	}
	// As the server decodes an object: integral numbers are int64, others float64.
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("reading the cases: %v", err)
	}
	if err := utiljson.Unmarshal(in, &corpus); err != nil {
		fail("reading the cases: %v", err)
	}
	cases := corpus.Cases
	out := make([]result, 0, len(cases))
	for _, c := range cases {
		if c.VarSet != "" {
			c.Vars = corpus.VarSets[c.VarSet]
		} else if c.Vars == nil {
			c.Vars = corpus.Vars
		}
		switch c.Kind {
		case "policy":
			out = append(out, policy(c))
		case "crd":
			out = append(out, crd(c))
		default:
			fail("case %q: unknown kind %q", c.Name, c.Kind)
		}
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

var policyEnv = func() *cel.Env {
	base := environment.MustBaseEnvSet(version.MajorMinor(1, 37))
	set, err := base.Extend(environment.VersionedOptions{
		IntroducedVersion: version.MajorMinor(1, 0),
		EnvOptions: []cel.EnvOption{
			cel.Variable("object", cel.DynType),
			cel.Variable("oldObject", cel.DynType),
			cel.Variable("params", cel.DynType),
		},
	})
	if err != nil {
		fail("%v", err)
	}
	env, err := set.Env(environment.StoredExpressions)
	if err != nil {
		fail("%v", err)
	}
	return env
}()

func policy(c testCase) result {
	if len(c.Variables) > 0 {
		return composited(c)
	}
	ast, issues := policyEnv.Compile(c.Expression)
	if issues != nil && issues.Err() != nil {
		return result{Name: c.Name, Error: "compile: " + issues.Err().Error()}
	}
	prog, err := policyEnv.Program(ast, cel.InterruptCheckFrequency(celconfig.CheckFrequency))
	if err != nil {
		// Planning folds constant calls and compiles constant regular expressions: their errors come here.
		return result{Name: c.Name, Error: "program: " + err.Error()}
	}
	vars := map[string]any{"object": nil, "oldObject": nil, "params": nil}
	for k, v := range c.Vars {
		vars[k] = v
	}
	val, details, err := prog.ContextEval(context.Background(), vars)
	r := result{Name: c.Name}
	if details != nil && details.ActualCost() != nil {
		r.Cost = *details.ActualCost()
	}
	if err != nil {
		r.Error = err.Error()
	} else {
		r.Value = native(val)
	}
	return r
}

// composited evaluates a case with variables as a ValidatingAdmissionPolicy's validation: its
// variables compiled first (each declared with the type it compiled to) and evaluated lazily, the
// expression's own cost apart from theirs.
func composited(c testCase) result {
	compiler, err := plugincel.NewCompositedCompiler(environment.MustBaseEnvSet(version.MajorMinor(1, 37)))
	if err != nil {
		fail("case %q: %v", c.Name, err)
	}
	decls := plugincel.OptionalVariableDeclarations{HasParams: true}
	vars := make([]plugincel.NamedExpressionAccessor, 0, len(c.Variables))
	for _, v := range c.Variables {
		vars = append(vars, namedExpression{name: v.Name, expression: v.Expression})
	}
	compiler.CompileAndStoreVariables(vars, decls, environment.StoredExpressions)
	compiled := compiler.CompileCELExpression(namedExpression{expression: c.Expression}, decls, environment.StoredExpressions)
	if compiled.Error != nil {
		return result{Name: c.Name, Error: "compile: " + compiled.Error.Error()}
	}
	ctx := compiler.CreateContext(context.Background())
	activation := map[string]any{"object": nil, "oldObject": nil, "params": nil}
	for k, v := range c.Vars {
		activation[k] = v
	}
	activation["variables"] = ctx.Variables(activation)
	val, details, err := compiled.Program.ContextEval(ctx, activation)
	r := result{Name: c.Name}
	if details != nil && details.ActualCost() != nil {
		r.Cost = *details.ActualCost()
	}
	r.VariablesCost = ctx.GetAndResetCost()
	if err != nil {
		r.Error = err.Error()
	} else {
		r.Value = native(val)
	}
	return r
}

func native(v ref.Val) any {
	n, err := v.ConvertToNative(reflectJSON)
	if err != nil {
		return fmt.Sprint(v.Value())
	}
	return n.(*structpb.Value).AsInterface()
}

func crd(c testCase) result {
	raw, err := json.Marshal(c.Schema)
	if err != nil {
		fail("case %q: %v", c.Name, err)
	}
	var v1 apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal(raw, &v1); err != nil {
		fail("case %q: %v", c.Name, err)
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		fail("case %q: %v", c.Name, err)
	}
	s, err := schema.NewStructural(&internal)
	if err != nil {
		fail("case %q: %v", c.Name, err)
	}
	validator := crdcel.NewValidator(s, true, celconfig.PerCallLimit)
	errs, remaining := validator.Validate(context.Background(), nil, s, c.Object, nil, celconfig.RuntimeCELCostBudget)
	r := result{Name: c.Name}
	if remaining >= 0 {
		r.Cost = uint64(celconfig.RuntimeCELCostBudget - remaining)
	}
	for _, e := range errs {
		r.Errors = append(r.Errors, e.Error())
	}
	return r
}

var reflectJSON = reflect.TypeOf(&structpb.Value{})
