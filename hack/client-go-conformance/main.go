// Command client-go-conformance runs a fixed list of steps with client-go v0.37, used as its users
// use it (defaults unchanged, the typed clientset configured for protobuf as client-go's own
// components are), against the API server a kubeconfig names: the test server of kube-codegen, or
// a real kube-apiserver to check the steps themselves. It prints one TAP line per step and exits 1
// if any step fails (2 on bad usage).
//
//	go run . KUBECONFIG
//
// Every object it makes lives in a namespace and a CRD group named after a random run id, so it can
// run again against the same server; it deletes them at the end.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	applycorev1 "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/dynamicinformer"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/scheme"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/metadata/metadatainformer"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
	"k8s.io/client-go/tools/record"
)

const protobuf = "application/vnd.kubernetes.protobuf"

// request is one HTTP exchange a client made, as the recorder saw it.
type request struct {
	client, method, path, query, contentType, accept string
	status, seq                                      int
	responseType                                     string
}

// recorder wraps each client's transport: the steps check what went over the wire (protobuf sent,
// streaming lists used, aggregated discovery answered), which the typed results do not show.
type recorder struct {
	mu       sync.Mutex
	requests []request
}

type recordingTransport struct {
	rec    *recorder
	client string
	next   http.RoundTripper
}

func (t recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	r := request{client: t.client, method: req.Method, path: req.URL.Path, query: req.URL.RawQuery,
		contentType: req.Header.Get("Content-Type"), accept: req.Header.Get("Accept")}
	if resp != nil {
		r.status = resp.StatusCode
		r.responseType = resp.Header.Get("Content-Type")
	}
	t.rec.mu.Lock()
	r.seq = len(t.rec.requests)
	t.rec.requests = append(t.rec.requests, r)
	t.rec.mu.Unlock()
	return resp, err
}

func (rec *recorder) config(base *rest.Config, client string) *rest.Config {
	c := rest.CopyConfig(base)
	c.Wrap(func(rt http.RoundTripper) http.RoundTripper { return recordingTransport{rec, client, rt} })
	return c
}

// count is the number of requests recorded so far: the seq the next one gets.
func (rec *recorder) count() int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return len(rec.requests)
}

// matching returns the recorded requests for which keep is true.
func (rec *recorder) matching(keep func(request) bool) []request {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var out []request
	for _, r := range rec.requests {
		if keep(r) {
			out = append(out, r)
		}
	}
	return out
}

func (r request) String() string {
	return fmt.Sprintf("%s %s?%s (%d %s)", r.method, r.path, r.query, r.status, r.responseType)
}

func isStreamingList(r request) bool {
	return strings.Contains(r.query, "watch=true") && strings.Contains(r.query, "sendInitialEvents=true")
}

func isPlainList(r request) bool {
	return r.method == http.MethodGet && !strings.Contains(r.query, "watch=true")
}

// env is what the steps share.
type env struct {
	rec      *recorder
	pb       kubernetes.Interface // protobuf requests and responses, as client-go's components configure it
	def      kubernetes.Interface // client-go's default config
	dyn      dynamic.Interface
	meta     metadata.Interface
	ns       string
	group    string
	crdName  string
	gvr      schema.GroupVersionResource
	informer cache.SharedIndexInformer
	// stopInformer stops the typed informer's factory and waits for its goroutines; cleanup calls it
	// before deleting, so no watch of the namespace outlives the run.
	stopInformer func()
}

// crdGVR is the CustomResourceDefinition resource the dynamic client creates and deletes.
var crdGVR = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}

type step struct {
	name string
	run  func(ctx context.Context, e *env) error
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: client-go-conformance KUBECONFIG")
		os.Exit(2)
	}
	base, err := clientcmd.BuildConfigFromFlags("", os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	rec := &recorder{}
	pbConfig := rec.config(base, "protobuf")
	pbConfig.ContentType = protobuf
	pbConfig.AcceptContentTypes = protobuf + ",application/json"
	id := fmt.Sprintf("%06x", rand.IntN(1<<24))
	e := &env{
		rec:     rec,
		pb:      kubernetes.NewForConfigOrDie(pbConfig),
		def:     kubernetes.NewForConfigOrDie(rec.config(base, "default")),
		dyn:     dynamic.NewForConfigOrDie(rec.config(base, "dynamic")),
		meta:    metadata.NewForConfigOrDie(rec.config(base, "metadata")),
		ns:      "cgc-" + id,
		group:   "cgc" + id + ".example.com",
		crdName: "gizmos.cgc" + id + ".example.com",
	}
	e.gvr = schema.GroupVersionResource{Group: e.group, Version: "v1", Resource: "gizmos"}

	total := len(steps) + 1
	fmt.Printf("1..%d\n", total)
	if failed := runAll(e); failed > 0 {
		fmt.Printf("# %d of %d client-go steps failed\n", failed, total)
		os.Exit(1)
	}
	fmt.Printf("# all %d client-go steps passed\n", total)
}

// runAll runs every step, then the clean-up step from a defer, so the namespace and the CRD are
// deleted whatever a step did; it returns the number of steps that failed.
func runAll(e *env) (failed int) {
	defer func() {
		if !runStep(e, len(steps)+1, cleanUp) {
			failed++
		}
	}()
	for i, s := range steps {
		if !runStep(e, i+1, s) {
			failed++
		}
	}
	return failed
}

// runStep runs one step under its own deadline and prints its TAP line. A panic in the step is its
// failure, not the program's end. A "protobuf:" step passes only if every answer to the protobuf
// client during it was protobuf.
func runStep(e *env, n int, s step) (ok bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	since := e.rec.count()
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		return s.run(ctx, e)
	}()
	if err == nil && strings.HasPrefix(s.name, "protobuf:") {
		err = checkProtobufAnswers(e, since)
	}
	if err != nil {
		fmt.Printf("not ok %d - %s: %s\n", n, s.name, strings.ReplaceAll(err.Error(), "\n", " "))
		return false
	}
	fmt.Printf("ok %d - %s\n", n, s.name)
	return true
}

// isDiscovery is true for the discovery and OpenAPI paths, which the protobuf client reads in
// other types (aggregated discovery, JSON OpenAPI).
func isDiscovery(path string) bool {
	return path == "/api" || path == "/apis" || path == "/version" || strings.HasPrefix(path, "/version/") ||
		path == "/openapi" || strings.HasPrefix(path, "/openapi/")
}

// checkProtobufAnswers fails unless every request the protobuf client made since seq since (but
// discovery's) was answered in protobuf: its Accept lists JSON as a fallback, which would
// otherwise pass a server that never speaks protobuf.
func checkProtobufAnswers(e *env, since int) error {
	notPB := e.rec.matching(func(r request) bool {
		return r.seq >= since && r.client == "protobuf" && !isDiscovery(r.path) && !strings.HasPrefix(r.responseType, protobuf)
	})
	return want(len(notPB) == 0, "answered in another type than protobuf: %v", notPB)
}

// checkStreamingList fails unless the requests of client to path since seq since hold a streaming
// list (a watch with sendInitialEvents) answered with a type starting answeredAs, and no plain list.
func checkStreamingList(e *env, since int, client, path, answeredAs string) error {
	ofInformer := func(r request) bool {
		return r.seq >= since && r.client == client && r.path == path && r.method == http.MethodGet
	}
	streaming := e.rec.matching(func(r request) bool { return ofInformer(r) && isStreamingList(r) })
	lists := e.rec.matching(func(r request) bool { return ofInformer(r) && isPlainList(r) })
	if len(streaming) == 0 || len(lists) != 0 {
		return fmt.Errorf("want a streaming list and no list, got %v", e.rec.matching(ofInformer))
	}
	return want(streaming[0].status == 200 && strings.HasPrefix(streaming[0].responseType, answeredAs),
		"the streaming list was answered %v", streaming[0])
}

// informerFactory is what the typed, dynamic and metadata informer factories share.
type informerFactory[K comparable] interface {
	Start(stop <-chan struct{})
	WaitForCacheSync(stop <-chan struct{}) map[K]bool
}

// waitSynced starts factory's informers and waits until each has synced or ctx ends.
func waitSynced[K comparable](ctx context.Context, factory informerFactory[K], stop <-chan struct{}) error {
	factory.Start(stop)
	for k, ok := range factory.WaitForCacheSync(ctx.Done()) {
		if !ok {
			return fmt.Errorf("%v did not sync", k)
		}
	}
	return nil
}

// namesOf returns the names of objects, in order.
func namesOf[T any, P interface {
	*T
	GetName() string
}](objects []T) []string {
	names := make([]string, 0, len(objects))
	for i := range objects {
		names = append(names, P(&objects[i]).GetName())
	}
	return names
}

// createCM creates a ConfigMap with the protobuf client.
func createCM(ctx context.Context, e *env, name string, labels, data map[string]string) (*corev1.ConfigMap, error) {
	return e.pb.CoreV1().ConfigMaps(e.ns).Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels},
		Data: data}, metav1.CreateOptions{})
}

// permanent is an error poll returns at once, without another try.
type permanent struct{ error }

// poll calls check until it returns nil, a permanent error or ctx ends, then returns its last error.
func poll(ctx context.Context, check func() error) error {
	for {
		err := check()
		if err == nil {
			return nil
		}
		var p permanent
		if errors.As(err, &p) {
			return p.error
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (gave up: %v)", err, ctx.Err())
		// Not faster: client-go's default rate limit (5 requests a second) would hold a poll back.
		case <-time.After(250 * time.Millisecond):
		}
	}
}

func want(cond bool, format string, args ...any) error {
	if cond {
		return nil
	}
	return fmt.Errorf(format, args...)
}

var steps = []step{
	{"discovery: ServerVersion", func(ctx context.Context, e *env) error {
		v, err := e.pb.Discovery().ServerVersion()
		if err != nil {
			return err
		}
		return want(strings.HasPrefix(v.GitVersion, "v1.") && v.Major == "1", "unexpected version %+v", v)
	}},
	{"discovery: ServerGroupsAndResources through aggregated discovery", func(ctx context.Context, e *env) error {
		groups, resources, err := e.pb.Discovery().ServerGroupsAndResources()
		if err != nil {
			return err
		}
		found := map[string]bool{}
		for _, list := range resources {
			for _, r := range list.APIResources {
				found[list.GroupVersion+"/"+r.Name] = slices.Contains(r.Verbs, "watch")
			}
		}
		for _, gr := range []string{"v1/namespaces", "v1/configmaps", "v1/secrets", "apps/v1/deployments",
			"coordination.k8s.io/v1/leases", "apiextensions.k8s.io/v1/customresourcedefinitions"} {
			if !found[gr] {
				return fmt.Errorf("%s is missing or cannot be watched (%d groups)", gr, len(groups))
			}
		}
		aggregated := e.rec.matching(func(r request) bool {
			return (r.path == "/api" || r.path == "/apis") &&
				strings.Contains(r.responseType, "as=APIGroupDiscoveryList") && r.status == 200
		})
		return want(len(aggregated) == 2, "/api and /apis were not answered as APIGroupDiscoveryList: %v",
			e.rec.matching(func(r request) bool { return r.path == "/api" || r.path == "/apis" }))
	}},
	{"protobuf: Namespaces().Create", func(ctx context.Context, e *env) error {
		ns, err := e.pb.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{
			Name: e.ns, Labels: map[string]string{"conformance": "client-go"}}}, metav1.CreateOptions{})
		if err != nil {
			return err
		}
		if err := want(ns.UID != "" && ns.Status.Phase == corev1.NamespaceActive, "created namespace %+v", ns); err != nil {
			return err
		}
		sent := e.rec.matching(func(r request) bool {
			return r.method == http.MethodPost && r.path == "/api/v1/namespaces"
		})
		return want(len(sent) == 1 && sent[0].contentType == protobuf && strings.HasPrefix(sent[0].responseType, protobuf),
			"the create was not protobuf both ways: %v", sent)
	}},
	{"protobuf: Namespaces().Get", func(ctx context.Context, e *env) error {
		ns, err := e.pb.CoreV1().Namespaces().Get(ctx, e.ns, metav1.GetOptions{})
		if err != nil {
			return err
		}
		return want(ns.Labels["conformance"] == "client-go" && ns.Name == e.ns, "got %+v", ns.ObjectMeta)
	}},
	{"protobuf: Namespaces().List with a label selector", func(ctx context.Context, e *env) error {
		list, err := e.pb.CoreV1().Namespaces().List(ctx, metav1.ListOptions{LabelSelector: "conformance=client-go"})
		if err != nil {
			return err
		}
		names := namesOf(list.Items)
		return want(slices.Contains(names, e.ns) && list.ResourceVersion != "", "listed %v at %q", names, list.ResourceVersion)
	}},
	{"protobuf: ConfigMaps create, get, update, list, delete", func(ctx context.Context, e *env) error {
		return configMapCRUD(ctx, e.pb, e.ns, "pb-settings")
	}},
	{"default config: ConfigMaps create, get, update, list, delete", func(ctx context.Context, e *env) error {
		since := e.rec.count()
		if err := configMapCRUD(ctx, e.def, e.ns, "default-settings"); err != nil {
			return err
		}
		// client-go v0.37's clientset defaults to protobuf too, both ways, as the real server shows.
		notPB := e.rec.matching(func(r request) bool {
			return r.seq >= since && r.client == "default" && !isDiscovery(r.path) &&
				(!strings.HasPrefix(r.responseType, protobuf) || r.contentType != "" && r.contentType != protobuf)
		})
		return want(len(notPB) == 0, "the default config did not use protobuf both ways: %v", notPB)
	}},
	{"protobuf: Secrets create (stringData merged into data), get, update, delete", func(ctx context.Context, e *env) error {
		secrets := e.pb.CoreV1().Secrets(e.ns)
		s, err := secrets.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "token"},
			Type: corev1.SecretTypeOpaque, Data: map[string][]byte{"key": []byte("value")},
			StringData: map[string]string{"extra": "plain"}}, metav1.CreateOptions{})
		if err != nil {
			return err
		}
		if err := want(string(s.Data["key"]) == "value" && string(s.Data["extra"]) == "plain" && len(s.StringData) == 0,
			"created secret data %q stringData %q", s.Data, s.StringData); err != nil {
			return err
		}
		s.Data["key"] = []byte("rotated")
		if _, err := secrets.Update(ctx, s, metav1.UpdateOptions{}); err != nil {
			return err
		}
		got, err := secrets.Get(ctx, "token", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if err := want(string(got.Data["key"]) == "rotated" && got.Type == corev1.SecretTypeOpaque, "got %q", got.Data); err != nil {
			return err
		}
		if err := secrets.Delete(ctx, "token", metav1.DeleteOptions{}); err != nil {
			return err
		}
		_, err = secrets.Get(ctx, "token", metav1.GetOptions{})
		return want(apierrors.IsNotFound(err), "after delete: %v", err)
	}},
	{"protobuf: typed Delete with DeleteOptions (propagation policy, UID precondition)", func(ctx context.Context, e *env) error {
		cms := e.pb.CoreV1().ConfigMaps(e.ns)
		cm, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "doomed"}}, metav1.CreateOptions{})
		if err != nil {
			return err
		}
		wrong := types.UID("00000000-0000-0000-0000-000000000000")
		err = cms.Delete(ctx, "doomed", metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &wrong}})
		if !apierrors.IsConflict(err) {
			return fmt.Errorf("delete with a wrong UID precondition: want a Conflict, got %v", err)
		}
		// The typed Delete drops the answer; the REST client underneath it keeps it: with Foreground,
		// the object, still there until its dependents are gone, carrying the foregroundDeletion finalizer.
		foreground := metav1.DeletePropagationForeground
		answer, err := e.pb.CoreV1().RESTClient().Delete().Namespace(e.ns).Resource("configmaps").Name("doomed").
			Body(&metav1.DeleteOptions{PropagationPolicy: &foreground, Preconditions: &metav1.Preconditions{UID: &cm.UID}}).
			Do(ctx).Get()
		if err != nil {
			return err
		}
		deleting, isCM := answer.(*corev1.ConfigMap)
		if !isCM || deleting.DeletionTimestamp == nil || !slices.Contains(deleting.Finalizers, metav1.FinalizerDeleteDependents) {
			return fmt.Errorf("the foreground delete answered %T %+v", answer, answer)
		}
		// No garbage collector may run: removing the finalizer ends the deletion (NotFound if one did).
		_, err = cms.Patch(ctx, "doomed", types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{})
		if err != nil && !apierrors.IsNotFound(err) {
			return err
		}
		if err := poll(ctx, func() error {
			_, err := cms.Get(ctx, "doomed", metav1.GetOptions{})
			return want(apierrors.IsNotFound(err), "after delete: %v", err)
		}); err != nil {
			return err
		}
		sent := e.rec.matching(func(r request) bool {
			return r.client == "protobuf" && r.method == http.MethodDelete && strings.HasSuffix(r.path, "/configmaps/doomed")
		})
		return want(len(sent) == 2 && sent[0].contentType == protobuf && sent[1].contentType == protobuf, "the deletes were %v", sent)
	}},
	{"protobuf: Watch sees ADDED, MODIFIED, DELETED", func(ctx context.Context, e *env) error {
		cms := e.pb.CoreV1().ConfigMaps(e.ns)
		w, err := cms.Watch(ctx, metav1.ListOptions{FieldSelector: "metadata.name=watched"})
		if err != nil {
			return err
		}
		defer w.Stop()
		cm, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "watched"}}, metav1.CreateOptions{})
		if err != nil {
			return err
		}
		cm.Data = map[string]string{"a": "1"}
		if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
			return err
		}
		if err := cms.Delete(ctx, "watched", metav1.DeleteOptions{}); err != nil {
			return err
		}
		var seen []watch.EventType
		for len(seen) < 3 {
			select {
			case ev, ok := <-w.ResultChan():
				if !ok {
					return fmt.Errorf("the watch ended after %v", seen)
				}
				got, isCM := ev.Object.(*corev1.ConfigMap)
				if !isCM || got.Name != "watched" {
					return fmt.Errorf("event %s carries %T %v", ev.Type, ev.Object, ev.Object)
				}
				if ev.Type == watch.Modified && got.Data["a"] != "1" {
					return fmt.Errorf("MODIFIED carries data %v", got.Data)
				}
				seen = append(seen, ev.Type)
			case <-ctx.Done():
				return fmt.Errorf("saw only %v", seen)
			}
		}
		return want(slices.Equal(seen, []watch.EventType{watch.Added, watch.Modified, watch.Deleted}), "saw %v", seen)
	}},
	{"protobuf: SharedInformerFactory syncs through a streaming list", func(ctx context.Context, e *env) error {
		for i := range 3 {
			if _, err := createCM(ctx, e, fmt.Sprintf("seed-%d", i), nil, nil); err != nil {
				return err
			}
		}
		since := e.rec.count()
		factory := informers.NewSharedInformerFactoryWithOptions(e.pb, 0, informers.WithNamespace(e.ns))
		e.informer = factory.Core().V1().ConfigMaps().Informer()
		// Lives on for the lister step; cleanup stops it.
		stop := make(chan struct{})
		e.stopInformer = func() { close(stop); factory.Shutdown() }
		if err := waitSynced(ctx, factory, stop); err != nil {
			return err
		}
		return checkStreamingList(e, since, "protobuf", "/api/v1/namespaces/"+e.ns+"/configmaps", protobuf+";stream=watch")
	}},
	{"lister: reads the informer's cache, and a new object reaches it", func(ctx context.Context, e *env) error {
		if e.informer == nil {
			return errors.New("no informer (the previous step failed)")
		}
		lister := corelisters.NewConfigMapLister(e.informer.GetIndexer())
		all, err := lister.ConfigMaps(e.ns).List(labels.Everything())
		if err != nil {
			return err
		}
		names := []string{}
		for _, cm := range all {
			names = append(names, cm.Name)
		}
		for i := range 3 {
			if !slices.Contains(names, fmt.Sprintf("seed-%d", i)) {
				return fmt.Errorf("the cache holds %v", names)
			}
		}
		if _, err := createCM(ctx, e, "late", nil, map[string]string{"k": "v"}); err != nil {
			return err
		}
		return poll(ctx, func() error {
			cm, err := lister.ConfigMaps(e.ns).Get("late")
			if err != nil {
				return err
			}
			return want(cm.Data["k"] == "v", "cached %v", cm.Data)
		})
	}},
	{"server-side apply: typed apply configuration, FieldManager, managedFields", func(ctx context.Context, e *env) error {
		cm, err := e.pb.CoreV1().ConfigMaps(e.ns).Apply(ctx, applycorev1.ConfigMap("applied", e.ns).
			WithLabels(map[string]string{"owner": "alpha"}).WithData(map[string]string{"shared": "alpha", "a": "1"}),
			metav1.ApplyOptions{FieldManager: "alpha"})
		if err != nil {
			return err
		}
		if err := want(cm.Data["shared"] == "alpha" && cm.Labels["owner"] == "alpha", "applied %v", cm.Data); err != nil {
			return err
		}
		managers := []string{}
		for _, m := range cm.ManagedFields {
			managers = append(managers, m.Manager+"/"+string(m.Operation))
		}
		return want(slices.Equal(managers, []string{"alpha/Apply"}), "managedFields %v", managers)
	}},
	{"server-side apply: a conflict between two managers, then Force", func(ctx context.Context, e *env) error {
		cms := e.pb.CoreV1().ConfigMaps(e.ns)
		beta := applycorev1.ConfigMap("applied", e.ns).WithData(map[string]string{"shared": "beta"})
		_, err := cms.Apply(ctx, beta, metav1.ApplyOptions{FieldManager: "beta"})
		if !apierrors.IsConflict(err) || !strings.Contains(err.Error(), `conflict with "alpha"`) ||
			!strings.Contains(err.Error(), ".data.shared") {
			return fmt.Errorf("want a conflict with alpha on .data.shared, got %v", err)
		}
		cm, err := cms.Apply(ctx, beta, metav1.ApplyOptions{FieldManager: "beta", Force: true})
		if err != nil {
			return err
		}
		managers := []string{}
		for _, m := range cm.ManagedFields {
			managers = append(managers, m.Manager)
		}
		return want(cm.Data["shared"] == "beta" && cm.Data["a"] == "1" && slices.Equal(managers, []string{"alpha", "beta"}),
			"after the forced apply: data %v, managers %v", cm.Data, managers)
	}},
	{"leader election on a Lease: acquire, holder identity in the Lease, release on cancel", func(ctx context.Context, e *env) error {
		return leaderElection(ctx, e)
	}},
	{"dynamic: create a CRD and wait until it is Established", func(ctx context.Context, e *env) error {
		crds := e.dyn.Resource(crdGVR)
		crd := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
			"metadata": map[string]any{"name": e.crdName},
			"spec": map[string]any{
				"group": e.group, "scope": "Namespaced",
				"names": map[string]any{"plural": "gizmos", "singular": "gizmo", "kind": "Gizmo", "listKind": "GizmoList"},
				"versions": []any{map[string]any{
					"name": "v1", "served": true, "storage": true,
					"schema": map[string]any{"openAPIV3Schema": map[string]any{
						"type": "object",
						"properties": map[string]any{"spec": map[string]any{
							"type": "object",
							"properties": map[string]any{
								"size":  map[string]any{"type": "integer", "minimum": int64(0)},
								"color": map[string]any{"type": "string"},
							},
						}},
					}},
				}},
			},
		}}
		if _, err := crds.Create(ctx, crd, metav1.CreateOptions{}); err != nil {
			return err
		}
		return poll(ctx, func() error {
			got, err := crds.Get(ctx, e.crdName, metav1.GetOptions{})
			if err != nil {
				return err
			}
			conditions, _, _ := unstructured.NestedSlice(got.Object, "status", "conditions")
			for _, c := range conditions {
				if m, ok := c.(map[string]any); ok && m["type"] == "Established" && m["status"] == "True" {
					return nil
				}
			}
			return fmt.Errorf("not Established: %v", conditions)
		})
	}},
	{"dynamic: create, get, list, patch a custom resource", func(ctx context.Context, e *env) error {
		gizmos := e.dyn.Resource(e.gvr).Namespace(e.ns)
		g := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": e.group + "/v1", "kind": "Gizmo",
			"metadata": map[string]any{"name": "g1", "labels": map[string]any{"tier": "gold"}},
			"spec":     map[string]any{"size": int64(3), "color": "red"},
		}}
		// The real server may serve a just-Established CRD's resource a moment later: until then it
		// answers NotFound, the only error worth another try.
		if err := poll(ctx, func() error {
			_, err := gizmos.Create(ctx, g, metav1.CreateOptions{})
			if err != nil && !apierrors.IsNotFound(err) {
				return permanent{err}
			}
			return err
		}); err != nil {
			return err
		}
		got, err := gizmos.Get(ctx, "g1", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if size, _, _ := unstructured.NestedInt64(got.Object, "spec", "size"); size != 3 {
			return fmt.Errorf("got spec %v", got.Object["spec"])
		}
		list, err := gizmos.List(ctx, metav1.ListOptions{LabelSelector: "tier=gold"})
		if err != nil {
			return err
		}
		if len(list.Items) != 1 || list.GetKind() != "GizmoList" {
			return fmt.Errorf("listed %d items, kind %q", len(list.Items), list.GetKind())
		}
		patched, err := gizmos.Patch(ctx, "g1", types.MergePatchType, []byte(`{"spec":{"size":5}}`), metav1.PatchOptions{})
		if err != nil {
			return err
		}
		if size, _, _ := unstructured.NestedInt64(patched.Object, "spec", "size"); size != 5 {
			return fmt.Errorf("patched spec %v", patched.Object["spec"])
		}
		_, err = gizmos.Patch(ctx, "g1", types.MergePatchType, []byte(`{"spec":{"size":-1}}`), metav1.PatchOptions{})
		return want(apierrors.IsInvalid(err) && strings.Contains(err.Error(), "spec.size"), "a negative size: want Invalid, got %v", err)
	}},
	{"discovery: the CRD's group is served", func(ctx context.Context, e *env) error {
		return poll(ctx, func() error {
			resources, err := e.pb.Discovery().ServerResourcesForGroupVersion(e.group + "/v1")
			if err != nil {
				return err
			}
			for _, r := range resources.APIResources {
				if r.Name == "gizmos" && r.Kind == "Gizmo" && r.Namespaced {
					return nil
				}
			}
			return fmt.Errorf("resources %v", resources.APIResources)
		})
	}},
	{"dynamic informer: syncs through a streaming list and sees a change", func(ctx context.Context, e *env) error {
		since := e.rec.count()
		factory := dynamicinformer.NewFilteredDynamicSharedInformerFactory(e.dyn, 0, e.ns, nil)
		informer := factory.ForResource(e.gvr)
		stop := make(chan struct{})
		defer factory.Shutdown() // after close(stop): Shutdown waits for the informers to end
		defer close(stop)
		if err := waitSynced(ctx, factory, stop); err != nil {
			return err
		}
		// The dynamic client speaks JSON, whose watch stream the real server types as plain JSON.
		if err := checkStreamingList(e, since, "dynamic", "/apis/"+e.group+"/v1/namespaces/"+e.ns+"/gizmos", "application/json"); err != nil {
			return err
		}
		if _, err := e.dyn.Resource(e.gvr).Namespace(e.ns).Patch(ctx, "g1", types.MergePatchType,
			[]byte(`{"spec":{"color":"blue"}}`), metav1.PatchOptions{}); err != nil {
			return err
		}
		return poll(ctx, func() error {
			obj, err := informer.Lister().ByNamespace(e.ns).Get("g1")
			if err != nil {
				return err
			}
			u, ok := obj.(*unstructured.Unstructured)
			if !ok {
				return fmt.Errorf("cached %T", obj)
			}
			color, _, _ := unstructured.NestedString(u.Object, "spec", "color")
			return want(color == "blue", "cached color %q", color)
		})
	}},
	{"protobuf: Deployment create, scale subresource, strategic merge patch, UpdateStatus", func(ctx context.Context, e *env) error {
		return deployment(ctx, e)
	}},
	{"protobuf: paginated List (limit, continue, remainingItemCount) and DeleteCollection", func(ctx context.Context, e *env) error {
		return pagination(ctx, e)
	}},
	{"protobuf: dry-run create persists nothing", func(ctx context.Context, e *env) error {
		cms := e.pb.CoreV1().ConfigMaps(e.ns)
		cm, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "dry"}},
			metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
		if err != nil {
			return err
		}
		if err := want(cm.Name == "dry" && cm.UID != "" && !cm.CreationTimestamp.IsZero(), "dry-run answer %+v", cm.ObjectMeta); err != nil {
			return err
		}
		_, err = cms.Get(ctx, "dry", metav1.GetOptions{})
		return want(apierrors.IsNotFound(err), "after a dry run: %v", err)
	}},
	{"protobuf: error answers decode to the real server's texts", func(ctx context.Context, e *env) error {
		cms := e.pb.CoreV1().ConfigMaps(e.ns)
		_, err := cms.Get(ctx, "nope", metav1.GetOptions{})
		if err := want(apierrors.IsNotFound(err) && err.Error() == `configmaps "nope" not found`, "get missing: %v", err); err != nil {
			return err
		}
		_, err = cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "Bad_Name"}}, metav1.CreateOptions{})
		const invalid = `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain ` +
			`must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric ` +
			`character (e.g. 'example.com', regex used for validation is ` +
			`'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
		if err := want(apierrors.IsInvalid(err) && err.Error() == invalid, "create invalid: %v", err); err != nil {
			return err
		}
		var status apierrors.APIStatus
		if !errors.As(err, &status) || status.Status().Details == nil || len(status.Status().Details.Causes) != 1 ||
			status.Status().Details.Causes[0].Field != "metadata.name" {
			return fmt.Errorf("the Invalid status's details: %+v", status)
		}
		_, err = e.pb.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: e.ns}}, metav1.CreateOptions{})
		return want(apierrors.IsAlreadyExists(err) && err.Error() == fmt.Sprintf(`namespaces %q already exists`, e.ns), "create twice: %v", err)
	}},
	{"metadata client: Get and List as PartialObjectMetadata, and a metadata informer", func(ctx context.Context, e *env) error {
		return metadataClient(ctx, e)
	}},
	{"events: the tools/events recorder writes an events.k8s.io/v1 Event", recordEvent},
	{"events: the tools/record recorder writes a core/v1 Event", recordLegacyEvent},
	{"events: core/v1 and events.k8s.io/v1 Events are one storage, each read through the other API", eventsOneStorage},
	{"protobuf: a Watch resumed from a list's resourceVersion, with bookmarks allowed", func(ctx context.Context, e *env) error {
		cms := e.pb.CoreV1().ConfigMaps(e.ns)
		list, err := cms.List(ctx, metav1.ListOptions{})
		if err != nil {
			return err
		}
		if _, err := createCM(ctx, e, "after-list", nil, nil); err != nil {
			return err
		}
		w, err := cms.Watch(ctx, metav1.ListOptions{ResourceVersion: list.ResourceVersion, AllowWatchBookmarks: true})
		if err != nil {
			return err
		}
		defer w.Stop()
		// The first event is the create after the list; once it is seen, the next is the next create:
		// a server replaying older objects, or the same one twice, fails here.
		next := func(name string) error {
			for {
				select {
				case ev, ok := <-w.ResultChan():
					if !ok {
						return fmt.Errorf("the watch ended before %s", name)
					}
					if ev.Type == watch.Bookmark {
						continue
					}
					cm, isCM := ev.Object.(*corev1.ConfigMap)
					return want(ev.Type == watch.Added && isCM && cm.Name == name, "want ADDED %s, got %s %v", name, ev.Type, ev.Object)
				case <-ctx.Done():
					return fmt.Errorf("no event for %s", name)
				}
			}
		}
		if err := next("after-list"); err != nil {
			return err
		}
		if _, err := createCM(ctx, e, "after-watch", nil, nil); err != nil {
			return err
		}
		return next("after-watch")
	}},
	{"discovery: OpenAPI v3 paths and a group-version's document", func(ctx context.Context, e *env) error {
		paths, err := e.pb.Discovery().OpenAPIV3().Paths()
		if err != nil {
			return err
		}
		for _, p := range []string{"api/v1", "apis/apps/v1", "apis/coordination.k8s.io/v1"} {
			if _, ok := paths[p]; !ok {
				return fmt.Errorf("no OpenAPI v3 path %s", p)
			}
		}
		doc, err := paths["api/v1"].Schema("application/json")
		if err != nil {
			return err
		}
		var parsed struct {
			Components struct {
				Schemas map[string]json.RawMessage `json:"schemas"`
			} `json:"components"`
		}
		if err := json.Unmarshal(doc, &parsed); err != nil {
			return err
		}
		_, ok := parsed.Components.Schemas["io.k8s.api.core.v1.ConfigMap"]
		return want(ok, "api/v1 has %d schemas, no io.k8s.api.core.v1.ConfigMap", len(parsed.Components.Schemas))
	}},
	{"restmapper: maps kinds to resources from discovery, the CRD's among them", func(ctx context.Context, e *env) error {
		groups, err := restmapper.GetAPIGroupResources(e.pb.Discovery())
		if err != nil {
			return err
		}
		mapper := restmapper.NewDiscoveryRESTMapper(groups)
		for gk, resource := range map[schema.GroupKind]string{
			{Kind: "ConfigMap"}: "configmaps", {Group: "apps", Kind: "Deployment"}: "deployments",
			{Group: e.group, Kind: "Gizmo"}: "gizmos",
		} {
			m, err := mapper.RESTMapping(gk)
			if err != nil {
				return err
			}
			if m.Resource.Resource != resource || m.Scope.Name() != meta.RESTScopeNameNamespace {
				return fmt.Errorf("%v maps to %v (%s)", gk, m.Resource, m.Scope.Name())
			}
		}
		return nil
	}},
}

// cleanUp deletes the CRD and the namespace, each whatever became of the other, and stops the
// typed informer first. An object already gone is no failure.
var cleanUp = step{"clean up: delete the CRD and the namespace", func(ctx context.Context, e *env) error {
	if e.stopInformer != nil {
		e.stopInformer()
	}
	var errs []error
	if err := e.dyn.Resource(crdGVR).Delete(ctx, e.crdName, metav1.DeleteOptions{}); err != nil && !apierrors.IsNotFound(err) {
		errs = append(errs, fmt.Errorf("the CRD: %w", err))
	}
	if err := e.pb.CoreV1().Namespaces().Delete(ctx, e.ns, metav1.DeleteOptions{}); err != nil && !apierrors.IsNotFound(err) {
		errs = append(errs, fmt.Errorf("the namespace: %w", err))
	} else {
		// Without a namespace controller the namespace stays Terminating; either answer is a deletion.
		ns, err := e.pb.CoreV1().Namespaces().Get(ctx, e.ns, metav1.GetOptions{})
		switch {
		case apierrors.IsNotFound(err):
		case err != nil:
			errs = append(errs, err)
		case ns.DeletionTimestamp == nil || ns.Status.Phase != corev1.NamespaceTerminating:
			errs = append(errs, fmt.Errorf("namespace after delete: %+v", ns.Status))
		}
	}
	return errors.Join(errs...)
}}

// configMapCRUD creates, reads, updates, lists and deletes one ConfigMap with cs.
func configMapCRUD(ctx context.Context, cs kubernetes.Interface, ns, name string) error {
	cms := cs.CoreV1().ConfigMaps(ns)
	cm, err := cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"crud": name}},
		Data: map[string]string{"mode": "fast"}, BinaryData: map[string][]byte{"blob": {0, 1, 2, 255}}}, metav1.CreateOptions{})
	if err != nil {
		return err
	}
	got, err := cms.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if got.Data["mode"] != "fast" || string(got.BinaryData["blob"]) != "\x00\x01\x02\xff" || got.UID != cm.UID {
		return fmt.Errorf("got %v %v", got.Data, got.BinaryData)
	}
	got.Data["mode"] = "safe"
	updated, err := cms.Update(ctx, got, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	if updated.ResourceVersion == got.ResourceVersion || updated.Data["mode"] != "safe" {
		return fmt.Errorf("updated to %v at %s", updated.Data, updated.ResourceVersion)
	}
	// An update from the stale copy conflicts.
	if _, err := cms.Update(ctx, got, metav1.UpdateOptions{}); !apierrors.IsConflict(err) {
		return fmt.Errorf("a stale update: want a Conflict, got %v", err)
	}
	list, err := cms.List(ctx, metav1.ListOptions{LabelSelector: "crud=" + name})
	if err != nil {
		return err
	}
	if len(list.Items) != 1 || list.Items[0].Name != name {
		return fmt.Errorf("listed %d items", len(list.Items))
	}
	if err := cms.Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
		return err
	}
	_, err = cms.Get(ctx, name, metav1.GetOptions{})
	return want(apierrors.IsNotFound(err), "after delete: %v", err)
}

// leaderElection runs client-go's elector on a Lease until it leads, checks the Lease names it,
// then cancels it and checks it gave the Lease up (ReleaseOnCancel empties the holder).
func leaderElection(ctx context.Context, e *env) error {
	const leaseName, identity = "conformance-lock", "candidate-1"
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	leading := make(chan struct{})
	done := make(chan struct{})
	var stopped bool
	go func() {
		defer close(done)
		leaderelection.RunOrDie(runCtx, leaderelection.LeaderElectionConfig{
			Lock: &resourcelock.LeaseLock{
				LeaseMeta:  metav1.ObjectMeta{Name: leaseName, Namespace: e.ns},
				Client:     e.pb.CoordinationV1(),
				LockConfig: resourcelock.ResourceLockConfig{Identity: identity},
			},
			// client-go's own defaults (kube-controller-manager's): a loaded machine may stall the
			// elector for seconds, which must not lose the lease before the step reads it.
			LeaseDuration:   15 * time.Second,
			RenewDeadline:   10 * time.Second,
			RetryPeriod:     time.Second,
			ReleaseOnCancel: true,
			Name:            "conformance",
			Callbacks: leaderelection.LeaderCallbacks{
				OnStartedLeading: func(context.Context) { close(leading) },
				OnStoppedLeading: func() { stopped = true },
			},
		})
	}()
	select {
	case <-leading:
	case <-ctx.Done():
		return errors.New("never became the leader")
	}
	lease, err := e.pb.CoordinationV1().Leases(e.ns).Get(ctx, leaseName, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if err := want(holder(lease) == identity && lease.Spec.LeaseDurationSeconds != nil && *lease.Spec.LeaseDurationSeconds == 15,
		"the Lease while leading: holder %q, spec %+v", holder(lease), lease.Spec); err != nil {
		return err
	}
	cancel()
	select {
	case <-done:
	case <-ctx.Done():
		return errors.New("the elector did not return after cancel")
	}
	if !stopped {
		return errors.New("OnStoppedLeading was not called")
	}
	lease, err = e.pb.CoordinationV1().Leases(e.ns).Get(ctx, leaseName, metav1.GetOptions{})
	if err != nil {
		return err
	}
	return want(holder(lease) == "", "the Lease after release: holder %q", holder(lease))
}

func holder(l *coordinationv1.Lease) string {
	if l.Spec.HolderIdentity == nil {
		return ""
	}
	return *l.Spec.HolderIdentity
}

// deployment runs an apps/v1 Deployment through the typed client: the scale subresource (an
// autoscaling/v1 Scale), a strategic merge patch that merges a container by name, and the status.
func deployment(ctx context.Context, e *env) error {
	deployments := e.pb.AppsV1().Deployments(e.ns)
	labels := map[string]string{"app": "web"}
	d, err := deployments.Create(ctx, &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "web"},
		Spec: appsv1.DeploymentSpec{
			Replicas: ptr(int32(2)),
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{Containers: []corev1.Container{
					{Name: "web", Image: "registry.k8s.io/pause:3.9"},
					{Name: "sidecar", Image: "registry.k8s.io/pause:3.9"},
				}},
			},
		},
	}, metav1.CreateOptions{})
	if err != nil {
		return err
	}
	// Defaults the real server fills in, which a typed client reads back.
	if d.Spec.Strategy.Type != appsv1.RollingUpdateDeploymentStrategyType || d.Spec.RevisionHistoryLimit == nil ||
		d.Spec.Template.Spec.RestartPolicy != corev1.RestartPolicyAlways || d.Generation != 1 {
		return fmt.Errorf("created without the defaults: strategy %q, restartPolicy %q, generation %d",
			d.Spec.Strategy.Type, d.Spec.Template.Spec.RestartPolicy, d.Generation)
	}
	scale, err := deployments.GetScale(ctx, "web", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if scale.Spec.Replicas != 2 || scale.Status.Selector != "app=web" {
		return fmt.Errorf("scale %+v", scale)
	}
	scale.Spec.Replicas = 3
	if _, err := deployments.UpdateScale(ctx, "web", scale, metav1.UpdateOptions{}); err != nil {
		return err
	}
	patch := `{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"registry.k8s.io/pause:3.10"}]}}}}`
	d, err = deployments.Patch(ctx, "web", types.StrategicMergePatchType, []byte(patch), metav1.PatchOptions{})
	if err != nil {
		return err
	}
	images := []string{}
	for _, c := range d.Spec.Template.Spec.Containers {
		images = append(images, c.Name+"="+c.Image)
	}
	if replicas(d) != 3 || !slices.Equal(images, []string{"web=registry.k8s.io/pause:3.9", "sidecar=registry.k8s.io/pause:3.10"}) ||
		d.Generation != 3 {
		return fmt.Errorf("after scale and patch: replicas %d, containers %v, generation %d", replicas(d), images, d.Generation)
	}
	d.Status = appsv1.DeploymentStatus{ObservedGeneration: d.Generation, Replicas: 3, ReadyReplicas: 3, AvailableReplicas: 3, UpdatedReplicas: 3}
	d.Spec.Replicas = ptr(int32(9)) // UpdateStatus ignores spec changes
	d, err = deployments.UpdateStatus(ctx, d, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	if d.Status.ReadyReplicas != 3 || replicas(d) != 3 {
		return fmt.Errorf("after UpdateStatus: readyReplicas %d, replicas %d", d.Status.ReadyReplicas, replicas(d))
	}
	background := metav1.DeletePropagationBackground
	return deployments.Delete(ctx, "web", metav1.DeleteOptions{PropagationPolicy: &background})
}

// replicas is d's spec.replicas, -1 when unset.
func replicas(d *appsv1.Deployment) int32 {
	if d.Spec.Replicas == nil {
		return -1
	}
	return *d.Spec.Replicas
}

// pagination lists five ConfigMaps two at a time, then deletes them with one DeleteCollection.
func pagination(ctx context.Context, e *env) error {
	cms := e.pb.CoreV1().ConfigMaps(e.ns)
	for i := range 5 {
		if _, err := createCM(ctx, e, fmt.Sprintf("page-%d", i), map[string]string{"paged": "yes"}, nil); err != nil {
			return err
		}
	}
	var names []string
	var remaining []int64
	pages := 0
	opts := metav1.ListOptions{LabelSelector: "paged=yes", Limit: 2}
	for {
		page, err := cms.List(ctx, opts)
		if err != nil {
			return err
		}
		pages++
		if len(page.Items) > int(opts.Limit) || pages > 3 {
			return fmt.Errorf("page %d holds %d items (limit %d)", pages, len(page.Items), opts.Limit)
		}
		names = append(names, namesOf(page.Items)...)
		if page.RemainingItemCount != nil {
			remaining = append(remaining, *page.RemainingItemCount)
		}
		if page.Continue == "" {
			break
		}
		opts.Continue = page.Continue
	}
	// The real server counts the remaining items only for a list without a label or field selector.
	if !slices.Equal(names, []string{"page-0", "page-1", "page-2", "page-3", "page-4"}) || len(remaining) != 0 || pages != 3 {
		return fmt.Errorf("%d pages gave %v, remaining counts %v", pages, names, remaining)
	}
	// Without a selector it does count them.
	all, err := cms.List(ctx, metav1.ListOptions{})
	if err != nil {
		return err
	}
	first, err := cms.List(ctx, metav1.ListOptions{Limit: 1})
	if err != nil {
		return err
	}
	total := int64(len(all.Items))
	if len(first.Items) != 1 || first.Continue == "" || first.RemainingItemCount == nil || *first.RemainingItemCount != total-1 {
		return fmt.Errorf("a first page of 1 of %d: %d items, continue %q, remainingItemCount %v",
			total, len(first.Items), first.Continue, first.RemainingItemCount)
	}
	if err := cms.DeleteCollection(ctx, metav1.DeleteOptions{}, metav1.ListOptions{LabelSelector: "paged=yes"}); err != nil {
		return err
	}
	left, err := cms.List(ctx, metav1.ListOptions{LabelSelector: "paged=yes"})
	if err != nil {
		return err
	}
	return want(len(left.Items) == 0, "%d left after DeleteCollection", len(left.Items))
}

// metadataClient reads ConfigMaps as PartialObjectMetadata, as controller-runtime's metadata-only
// watches do, and syncs a metadata informer.
func metadataClient(ctx context.Context, e *env) error {
	gvr := corev1.SchemeGroupVersion.WithResource("configmaps")
	if _, err := createCM(ctx, e, "meta-only", map[string]string{"m": "1"}, map[string]string{"big": "value"}); err != nil {
		return err
	}
	since := e.rec.count()
	got, err := e.meta.Resource(gvr).Namespace(e.ns).Get(ctx, "meta-only", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if got.Labels["m"] != "1" || got.UID == "" {
		return fmt.Errorf("got %+v", got.ObjectMeta)
	}
	// The real server answers the metadata client's first choice (protobuf, as=PartialObjectMetadata)
	// with a bare protobuf Content-Type.
	answered := e.rec.matching(func(r request) bool { return r.seq >= since && r.client == "metadata" })
	if len(answered) != 1 || answered[0].responseType != protobuf {
		return fmt.Errorf("the metadata Get: %v", answered)
	}
	list, err := e.meta.Resource(gvr).Namespace(e.ns).List(ctx, metav1.ListOptions{LabelSelector: "m=1"})
	if err != nil {
		return err
	}
	if len(list.Items) != 1 || list.Items[0].Name != "meta-only" {
		return fmt.Errorf("listed %d", len(list.Items))
	}
	factory := metadatainformer.NewFilteredSharedInformerFactory(e.meta, 0, e.ns, nil)
	informer := factory.ForResource(gvr)
	stop := make(chan struct{})
	defer factory.Shutdown() // after close(stop): Shutdown waits for the informers to end
	defer close(stop)
	if err := waitSynced(ctx, factory, stop); err != nil {
		return err
	}
	obj, err := informer.Lister().ByNamespace(e.ns).Get("meta-only")
	if err != nil {
		return err
	}
	pom, ok := obj.(*metav1.PartialObjectMetadata)
	return want(ok && pom.Labels["m"] == "1", "cached %T %v", obj, obj)
}

// recordEvent records one Event through client-go's events.k8s.io/v1 recorder (tools/events, what
// controller-runtime's recorder uses) and waits until the events.k8s.io/v1 API lists it.
func recordEvent(ctx context.Context, e *env) error {
	regarding, err := e.pb.CoreV1().ConfigMaps(e.ns).Get(ctx, "meta-only", metav1.GetOptions{})
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	defer close(stop)
	broadcaster := events.NewBroadcaster(&events.EventSinkImpl{Interface: e.pb.EventsV1()})
	broadcaster.StartRecordingToSink(stop)
	defer broadcaster.Shutdown()
	broadcaster.NewRecorder(scheme.Scheme, "conformance-controller").
		Eventf(regarding, nil, corev1.EventTypeNormal, "Synced", "Sync", "synced %s", regarding.Name)
	return poll(ctx, func() error {
		list, err := e.pb.EventsV1().Events(e.ns).List(ctx, metav1.ListOptions{FieldSelector: "reason=Synced"})
		if err != nil {
			return err
		}
		return want(len(list.Items) == 1 && list.Items[0].Regarding.Name == "meta-only" && list.Items[0].Regarding.Kind == "ConfigMap" &&
			list.Items[0].ReportingController == "conformance-controller" && list.Items[0].Note == "synced meta-only",
			"events.k8s.io/v1 events with reason Synced: %+v", list.Items)
	})
}

// recordLegacyEvent records one Event through the core/v1 recorder (tools/record) and waits until
// the core/v1 API lists it.
func recordLegacyEvent(ctx context.Context, e *env) error {
	regarding, err := e.pb.CoreV1().ConfigMaps(e.ns).Get(ctx, "meta-only", metav1.GetOptions{})
	if err != nil {
		return err
	}
	broadcaster := record.NewBroadcaster()
	broadcaster.StartRecordingToSink(&typedcorev1.EventSinkImpl{Interface: e.pb.CoreV1().Events(e.ns)})
	defer broadcaster.Shutdown()
	broadcaster.NewRecorder(scheme.Scheme, corev1.EventSource{Component: "conformance-controller"}).
		Event(regarding, corev1.EventTypeWarning, "Legacy", "recorded through tools/record")
	return poll(ctx, func() error {
		list, err := e.pb.CoreV1().Events(e.ns).List(ctx, metav1.ListOptions{FieldSelector: "reason=Legacy"})
		if err != nil {
			return err
		}
		return want(len(list.Items) == 1 && list.Items[0].Source.Component == "conformance-controller" &&
			list.Items[0].InvolvedObject.Name == "meta-only" && list.Items[0].Message == "recorded through tools/record",
			"core/v1 events with reason Legacy: %+v", list.Items)
	})
}

// eventsOneStorage reads each recorder's Event through the other API: the real server keeps core/v1
// and events.k8s.io/v1 Events in one storage and converts between the two shapes.
func eventsOneStorage(ctx context.Context, e *env) error {
	modern, err := e.pb.EventsV1().Events(e.ns).List(ctx, metav1.ListOptions{FieldSelector: "reason=Legacy"})
	if err != nil {
		return err
	}
	if len(modern.Items) != 1 || modern.Items[0].Note != "recorded through tools/record" || modern.Items[0].Regarding.Name != "meta-only" ||
		modern.Items[0].DeprecatedSource.Component != "conformance-controller" {
		return fmt.Errorf("the core/v1 Event through events.k8s.io/v1: %+v", modern.Items)
	}
	legacy, err := e.pb.CoreV1().Events(e.ns).List(ctx, metav1.ListOptions{FieldSelector: "reason=Synced"})
	if err != nil {
		return err
	}
	return want(len(legacy.Items) == 1 && legacy.Items[0].Message == "synced meta-only" && legacy.Items[0].InvolvedObject.Name == "meta-only" &&
		legacy.Items[0].ReportingController == "conformance-controller",
		"the events.k8s.io/v1 Event through core/v1: %+v", legacy.Items)
}

func ptr[T any](v T) *T { return &v }
