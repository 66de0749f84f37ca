#!/usr/bin/env bash
# kubectl conformance: runs a fixed list of real kubectl commands against `kube-codegen test-server`
# (started here with the example CRDs, stopped with SIGTERM on every exit) and checks each step's
# exit code and output shape: what a user who points kubectl at the test server sees, with kubectl's
# default (client-side, OpenAPI-based) validation. One TAP line per step; exits non-zero if any step
# fails. Without kubectl on PATH (or $KUBECTL) it prints a TAP SKIP line and exits 0: nothing was
# checked, and it says so.
#
#   bash hack/kubectl-conformance.sh                # the CLI as installed: bin/kube-codegen.js (dist/)
#   bash hack/kubectl-conformance.sh --from-source  # src/ through tsx (what npm test runs)
#
# Expectations per step (before `--`; the kubectl arguments follow it):
#   rc:N           exit code N (default 0)
#   eq:TEXT        stdout is exactly TEXT (trailing newlines aside)
#   has:TEXT       stdout contains TEXT          err:TEXT   stderr contains TEXT
#   line:REGEX     some stdout line matches the extended regex     lines:N   stdout has N lines
#   header:A B C   the first line's columns are exactly A B C
#   columns:A B    the first line has at least the columns A and B
#   json:EXPR      stdout parses as JSON and EXPR (JavaScript over `o`) is true
#   any-stderr     stderr may hold anything (kubectl's version-skew warning depends on its version)
# A step that exits 0 with no err: or any-stderr expectation must leave stderr empty.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
KUBECTL=${KUBECTL:-kubectl}
MANIFESTS=test/fixtures/kubectl-conformance

if ! command -v "$KUBECTL" >/dev/null 2>&1; then
  echo "1..0 # SKIP $KUBECTL is not on PATH: no kubectl conformance step was run"
  exit 0
fi

if [[ "${1:-}" == "--from-source" ]]; then
  CODEGEN=(node --import tsx --input-type=module -e
    'const { main } = await import("./src/cli/index.ts"); process.exitCode = await main(process.argv.slice(1));')
else
  CODEGEN=(node bin/kube-codegen.js)
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/kubectl-conformance.XXXXXX")
SERVER_PID=
cleanup() {
  # SIGTERM lets the server stop cleanly and remove its kubeconfig; wait so it is gone when we are.
  if [[ -n "$SERVER_PID" ]] && kill -TERM "$SERVER_PID" 2>/dev/null; then wait "$SERVER_PID" 2>/dev/null; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# The CRDs of every example: the repository's own and each project's under generated-examples/<name>/.
CRDS="$WORK/crds"
mkdir -p "$CRDS"
cp generated-examples/config/crd/bases/*.yaml generated-examples/*/config/crd/bases/*.yaml "$CRDS/"

# Deployments get a status only from the stand-in Deployment controller: `wait` and `scale` need it.
"${CODEGEN[@]}" test-server --crds "$CRDS" --simulate-deployment-status >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
KCFG=
for _ in $(seq 1 600); do
  KCFG=$(sed -n '/^test API server listening on /{n;p;q;}' "$WORK/server.log")
  [[ -n "$KCFG" ]] && break
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
  sleep 0.1
done
if [[ -z "$KCFG" || ! -f "$KCFG" ]]; then
  echo "Bail out! kube-codegen test-server did not start:"
  sed 's/^/# /' "$WORK/server.log"
  exit 1
fi
echo "# $(head -n 1 "$WORK/server.log"); kubectl: $("$KUBECTL" version --client 2>/dev/null | head -n 1)"

# A private cache: kubectl caches discovery and OpenAPI per host:port, and ports are reused.
kc() { "$KUBECTL" --kubeconfig "$KCFG" --cache-dir "$WORK/cache" "$@"; }

N=0
FAILED=0
RC=0

# expect EXPECTATION: prints why it does not hold (nothing when it does) for the last command run.
expect() {
  local e=$1 want
  case $e in
    rc:*) [[ "$RC" == "${e#rc:}" ]] || echo "exit code $RC, want ${e#rc:}" ;;
    eq:*) [[ "$(cat "$WORK/out")" == "${e#eq:}" ]] || echo "stdout is not exactly '${e#eq:}'" ;;
    has:*) grep -qF -- "${e#has:}" "$WORK/out" || echo "stdout lacks '${e#has:}'" ;;
    err:*) grep -qF -- "${e#err:}" "$WORK/err" || echo "stderr lacks '${e#err:}'" ;;
    lines:*) [[ $(wc -l <"$WORK/out") == "${e#lines:}" ]] || echo "stdout has $(wc -l <"$WORK/out") lines, want ${e#lines:}" ;;
    line:*) grep -qE -- "${e#line:}" "$WORK/out" || echo "no stdout line matches /${e#line:}/" ;;
    header:*)
      want=${e#header:}
      [[ "$(head -n 1 "$WORK/out" | tr -s ' \t' ' ' | sed 's/ $//')" == "$want" ]] || echo "header is not '$want'"
      ;;
    columns:*)
      for want in ${e#columns:}; do
        head -n 1 "$WORK/out" | tr -s ' \t' '\n' | grep -qx -- "$want" || echo "header lacks column $want"
      done
      ;;
    json:*)
      node -e '
        const [file, expr] = process.argv.slice(1);
        let o;
        try { o = JSON.parse(require("node:fs").readFileSync(file, "utf8")); }
        catch (e) { console.log("stdout is not JSON: " + e.message); process.exit(0); }
        if (!new Function("o", "return (" + expr + ");")(o)) console.log("JSON fails: " + expr);
      ' "$WORK/out" "${e#json:}"
      ;;
    any-stderr) ;;
    *) echo "unknown expectation '$e'" ;;
  esac
}

# report TITLE EXPECTATION...: checks the last command run and prints its TAP line.
report() {
  local title=$1 e why="" has_rc=0 has_err=0
  shift
  for e in "$@"; do
    [[ $e == rc:* ]] && has_rc=1
    [[ $e == err:* || $e == any-stderr ]] && has_err=1
    why+=$(expect "$e")$'\n'
  done
  [[ $has_rc == 1 ]] || why+=$(expect rc:0)$'\n'
  if [[ $has_err == 0 && $RC == 0 && -s "$WORK/err" ]]; then why+="unexpected stderr"$'\n'; fi
  why=$(printf '%s' "$why" | sed '/^$/d')
  N=$((N + 1))
  if [[ -z "$why" ]]; then
    echo "ok $N - $title"
  else
    FAILED=$((FAILED + 1))
    echo "not ok $N - $title"
    printf '%s\n' "$why" | sed 's/^/#   /'
    echo "#   stdout:"
    sed 's/^/#     /' "$WORK/out"
    echo "#   stderr:"
    sed 's/^/#     /' "$WORK/err"
  fi
}

# step EXPECTATION... -- KUBECTL-ARGS...: runs kubectl and checks the expectations.
step() {
  local expectations=()
  while [[ $# -gt 0 && $1 != "--" ]]; do
    expectations+=("$1")
    shift
  done
  shift
  kc "$@" >"$WORK/out" 2>"$WORK/err"
  RC=$?
  report "kubectl $*" "${expectations[@]}"
}

# watch_step CHANGE EXPECTATION... -- KUBECTL-ARGS...: `kubectl get -w` ended by a timeout, with
# CHANGE (a function) run once the watch has printed its first two lines. The watch must still be
# running when the timeout ends it (exit code 124 from timeout(1)).
watch_step() {
  local change=$1 expectations=() i
  shift
  while [[ $# -gt 0 && $1 != "--" ]]; do
    expectations+=("$1")
    shift
  done
  shift
  timeout 8 "$KUBECTL" --kubeconfig "$KCFG" --cache-dir "$WORK/cache" "$@" >"$WORK/watch.out" 2>"$WORK/watch.err" &
  local pid=$!
  for i in $(seq 1 60); do [[ $(wc -l <"$WORK/watch.out") -ge 2 ]] && break; sleep 0.1; done
  "$change"
  wait "$pid"
  RC=$?
  cp "$WORK/watch.out" "$WORK/out"
  cp "$WORK/watch.err" "$WORK/err"
  report "timeout 8 kubectl $*" rc:124 "${expectations[@]}"
}
label_widget() { kc label widget widget-1 watched=yes >/dev/null 2>&1; }
# A built-in watched to its end: the real 1.37.2 server prints ADDED, MODIFIED and DELETED rows.
label_and_delete_configmap() {
  kc label configmap watched watched=yes >/dev/null 2>&1
  kc delete configmap watched >/dev/null 2>&1
}

# --- discovery ---------------------------------------------------------------------------------
step 'json:o.clientVersion.gitVersion.startsWith("v") && /^v[0-9]+\.[0-9]+\.[0-9]+/.test(o.serverVersion.gitVersion)' \
  any-stderr -- version -o json
step "columns:NAME SHORTNAMES APIVERSION NAMESPACED KIND" \
  "line:^widgets +wd,wdg +kitchensink.example.com/v1 +true +Widget$" \
  "line:^foos +samplecontroller.k8s.io/v1alpha1 +true +Foo$" \
  "line:^traefikservices +traefik.magedu.com/v1 +true +TraefikService$" \
  "line:^deployments +deploy +apps/v1 +true +Deployment$" \
  "line:^configmaps +cm +v1 +true +ConfigMap$" \
  -- api-resources
step "eq:widgets.kitchensink.example.com" -- api-resources --api-group=kitchensink.example.com -o name

# --- apply: client-side twice, then server-side -------------------------------------------------
OBJECTS=(configmap/settings foo.samplecontroller.k8s.io/foo-1 traefikservice.traefik.magedu.com/web
  widget.kitchensink.example.com/widget-1)
lines() { local o; for o in "${OBJECTS[@]}"; do printf 'has:%s %s\n' "$o" "$1"; done; }
mapfile -t CREATED < <(lines created)
mapfile -t UNCHANGED < <(lines unchanged)
mapfile -t SSA < <(lines serverside-applied)
mapfile -t DELETED < <(printf 'has:%s "%s" deleted\n' configmap settings foo.samplecontroller.k8s.io foo-1 \
  traefikservice.traefik.magedu.com web widget.kitchensink.example.com widget-1)
step "${CREATED[@]}" -- apply -f "$MANIFESTS"
step "${UNCHANGED[@]}" -- apply -f "$MANIFESTS"
step "${SSA[@]}" -- apply --server-side -f "$MANIFESTS"
step 'json:o.metadata.managedFields.some((m) => m.manager === "kubectl" && m.operation === "Apply")' \
  'json:JSON.parse(o.metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]).spec.replicas === 2' \
  -- get foo foo-1 -o json --show-managed-fields

# --- get ---------------------------------------------------------------------------------------
step "header:NAME COLOR AGE" "line:^widget-1 +red +[0-9]+s$" -- get widgets
step "header:NAME COLOR REPLICAS AGE" "line:^widget-1 +red +2 +[0-9]+s$" -- get widgets -o wide
step "header:NAME AGE" "line:^foo-1 +[0-9]+s$" -- get foos -o wide
step "columns:NAME AGE" "line:^settings " -- get configmaps settings -o wide
step "has:apiVersion: samplecontroller.k8s.io/v1alpha1" "has:kind: Foo" "has:  deploymentName: foo-1-deployment" \
  'line:^  resourceVersion: "[0-9]+"$' "line:^  uid: " -- get foo foo-1 -o yaml
step 'json:o.kind === "List" && o.items.length === 1 && o.items[0].kind === "Widget" && o.items[0].spec.color === "red"' \
  -- get widgets -o json
step "eq:2" -- get widget widget-1 -o 'jsonpath={.spec.replicas}'
step "eq:web=websecure" -- get traefikservices -o 'jsonpath={range .items[*]}{.metadata.name}={.spec.entrypoint}{end}'
step "header:NAME COLOR TEAM" "line:^widget-1 +red +platform$" \
  -- get widgets -o custom-columns=NAME:.metadata.name,COLOR:.spec.color,TEAM:.spec.team
step "has:widget.kitchensink.example.com/widget-1" -- get wd -o name
step "rc:1" 'err:Error from server (NotFound): widgets.kitchensink.example.com "missing" not found' -- get widget missing

# --- describe ----------------------------------------------------------------------------------
step "line:^Name: +widget-1$" "line:^Namespace: +default$" "line:^API Version: +kitchensink.example.com/v1$" \
  "line:^Kind: +Widget$" "line:^Spec:$" "line:^  Color: +red$" -- describe widget widget-1
step "line:^Name: +settings$" "line:^Data$" "line:^mode:$" -- describe configmap settings

# --- label, annotate, patch --------------------------------------------------------------------
step "eq:widget.kitchensink.example.com/widget-1 labeled" -- label widget widget-1 tier=gold
step "eq:widget.kitchensink.example.com/widget-1" -- get widgets -l tier=gold -o name
step "eq:foo.samplecontroller.k8s.io/foo-1 annotated" -- annotate foo foo-1 note=hello
step "eq:hello" -- get foo foo-1 -o 'jsonpath={.metadata.annotations.note}'
step "eq:foo.samplecontroller.k8s.io/foo-1 patched" -- patch foo foo-1 --type merge -p '{"spec":{"replicas":3}}'
step "eq:foo.samplecontroller.k8s.io/foo-1 patched (no change)" -- patch foo foo-1 --type merge -p '{"spec":{"replicas":3}}'
step "eq:foo.samplecontroller.k8s.io/foo-1 patched" \
  -- patch foo foo-1 --type json -p '[{"op":"replace","path":"/spec/replicas","value":4}]'
step "eq:4" -- get foo foo-1 -o 'jsonpath={.spec.replicas}'
step "rc:1" 'err:The Foo "foo-1" is invalid' "err:spec.replicas" -- patch foo foo-1 --type merge -p '{"spec":{"replicas":11}}'

# --- watch -------------------------------------------------------------------------------------
watch_step label_widget "header:NAME COLOR AGE" "line:^widget-1 +red +[0-9]+s$" "lines:3" -- get widgets --watch

# --- create, wait, scale -----------------------------------------------------------------------
step "eq:deployment.apps/web created" -- create deployment web --image=registry.k8s.io/pause:3.9 --replicas=2
step "eq:deployment.apps/web condition met" -- wait deployment/web '--for=jsonpath={.status.availableReplicas}=2' --timeout=30s
step "eq:deployment.apps/web condition met" -- wait deployment/web --for=condition=Available --timeout=30s
step "eq:deployment.apps/web scaled" -- scale deployment web --replicas=3
step "eq:deployment.apps/web condition met" -- wait deployment/web '--for=jsonpath={.status.readyReplicas}=3' --timeout=30s
step "columns:NAME AGE" "line:^web " -- get deployments -o wide
step "eq:widget.kitchensink.example.com/widget-1 scaled" -- scale widget widget-1 --replicas=5
step "eq:foo.samplecontroller.k8s.io/foo-1 condition met" -- wait foo/foo-1 '--for=jsonpath={.spec.replicas}=4' --timeout=10s
step "eq:widget.kitchensink.example.com/widget-1 condition met" -- wait widget/widget-1 '--for=jsonpath={.spec.replicas}=5' --timeout=10s
step "eq:configmap/extra created" -- create configmap extra --from-literal=a=1 --from-literal=b=2
step "eq:configmap/watched created" -- create configmap watched --from-literal=a=1
watch_step label_and_delete_configmap "header:EVENT NAME DATA AGE" "line:^ADDED +watched +1 +[0-9]+s$" \
  "line:^MODIFIED +watched +1 +[0-9]+s$" "line:^DELETED +watched +1 +[0-9]+s$" "lines:4" \
  -- get configmaps watched --watch --output-watch-events
# kubectl writes a Namespace (and its delete's DeleteOptions) as protobuf, decoded from the vendored .proto.
step "eq:namespace/scratch created" -- create namespace scratch
step 'eq:namespace "scratch" deleted' -- delete namespace scratch
step "json:o.data.a === \"1\" && o.data.b === \"2\"" -- get configmap extra -o json
step "rc:1" 'err:configmaps "extra" already exists' -- create configmap extra --from-literal=a=1
step "eq:secret/token created" -- create secret generic token --from-literal=key=value
step "eq:dmFsdWU=" -- get secret token -o 'jsonpath={.data.key}'

# --- explain (OpenAPI v3) ----------------------------------------------------------------------
step "line:^GROUP: +samplecontroller.k8s.io$" "line:^KIND: +Foo$" "line:^VERSION: +v1alpha1$" \
  "line:^FIELD: spec <Object>$" "line:deploymentName[[:space:]]+<string> -required-" -- explain foos.spec
step "line:^GROUP: +apps$" "line:^KIND: +Deployment$" "line:^FIELD: replicas <integer>$" -- explain deployments.spec.replicas
step "line:^KIND: +Widget$" "line:^FIELD: color <string>$" -- explain widgets.spec.color

# --- delete ------------------------------------------------------------------------------------
step 'eq:configmap "extra" deleted' -- delete configmap extra
step 'eq:secret "token" deleted' -- delete secret token
step 'eq:deployment.apps "web" deleted' -- delete deployment web
step "rc:1" 'err:Error from server (NotFound): configmaps "extra" not found' -- get configmap extra
step "${DELETED[@]}" -- delete -f "$MANIFESTS"
step "eq:" "err:No resources found in default namespace." -- get widgets,foos,traefikservices

# --- auth --------------------------------------------------------------------------------------
step "eq:yes" -- auth can-i create deployments
step "eq:yes" -- auth can-i '*' '*' --all-namespaces

echo "1..$N"
if [[ $FAILED -gt 0 ]]; then
  echo "# $FAILED of $N kubectl conformance steps failed"
  exit 1
fi
echo "# all $N kubectl conformance steps passed"
