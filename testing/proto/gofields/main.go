// Command gofields writes, for every Go struct reachable from the kinds the test server serves, how
// each protobuf field appears in Kubernetes' JSON: its JSON name, whether Go holds it by pointer
// (so a zero value is still sent) and whether its json tag has omitempty (or omitzero). generated.proto cannot
// say this: go-to-protobuf writes "optional" for pointers and values alike. Run by
// scripts/update-protobuf.ts only when the vendored .proto release changes; its output,
// ../go-fields.json, is committed beside the .proto files it describes.
package main

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	admregv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	authnv1 "k8s.io/api/authentication/v1"
	authzv1 "k8s.io/api/authorization/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	coordv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

type field struct {
	JSON      string `json:"json"`
	Pointer   bool   `json:"pointer,omitempty"`
	OmitEmpty bool   `json:"omitempty,omitempty"`
	OmitZero  bool   `json:"omitzero,omitempty"`
	// Inline: an embedded struct whose fields Go's JSON writes into the outer object.
	Inline bool `json:"inline,omitempty"`
}

func protoName(t reflect.Type) string {
	// go-to-protobuf names a package by its import path, "/" and "-" becoming "." and "_".
	return strings.NewReplacer("/", ".", "-", "_").Replace(t.PkgPath()) + "." + t.Name()
}

func main() {
	out := map[string]map[string]field{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Ptr || t.Kind() == reflect.Slice || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t.PkgPath() == "" {
			return
		}
		name := protoName(t)
		if _, seen := out[name]; seen {
			return
		}
		fields := map[string]field{}
		out[name] = fields
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("protobuf")
			if tag == "" {
				continue
			}
			parts := strings.Split(tag, ",")
			if len(parts) < 2 {
				continue
			}
			no, err := strconv.Atoi(parts[1])
			if err != nil {
				continue
			}
			jsonTag := strings.Split(f.Tag.Get("json"), ",")
			fields[strconv.Itoa(no)] = field{
				JSON:      jsonTag[0],
				Pointer:   f.Type.Kind() == reflect.Ptr,
				OmitEmpty: slices.Contains(jsonTag[1:], "omitempty"),
				OmitZero:  slices.Contains(jsonTag[1:], "omitzero"),
				Inline:    f.Anonymous && jsonTag[0] == "",
			}
			walk(f.Type)
		}
	}
	schemes := []func(*runtime.Scheme) error{admregv1.AddToScheme, corev1.AddToScheme, appsv1.AddToScheme, coordv1.AddToScheme, eventsv1.AddToScheme, authnv1.AddToScheme, authzv1.AddToScheme, autoscalingv1.AddToScheme, rbacv1.AddToScheme, apiextv1.AddToScheme}
	s := runtime.NewScheme()
	for _, add := range schemes {
		if err := add(s); err != nil {
			panic(err)
		}
	}
	metav1.AddToGroupVersion(s, schema.GroupVersion{Group: "", Version: "v1"})
	types := s.AllKnownTypes()
	for _, t := range types {
		walk(t)
	}
	walk(reflect.TypeOf(metav1.WatchEvent{}))
	walk(reflect.TypeOf(metav1.Status{}))
	walk(reflect.TypeOf(metav1.PartialObjectMetadataList{}))
	walk(reflect.TypeOf(runtime.Unknown{}))
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		panic(err)
	}
}
