{{/*
Render-time checks across values, which the JSON schema cannot express. Each message names the
value to change. Included once, from deployment.yaml; renders nothing.
*/}}
{{- define "account-edge.checks" -}}
{{- $liveness := .Values.probes.liveness -}}
{{- $silence := mul $liveness.periodSeconds $liveness.failureThreshold -}}
{{- if lt (int $silence) 60 -}}
{{- fail (printf "probes.liveness: periodSeconds × failureThreshold is %vs; it must be at least 60 s, or a pod busy rendering is restarted and its load piles onto the others" $silence) -}}
{{- end -}}
{{- if .Values.autoscaling.enabled -}}
{{- if gt (int .Values.autoscaling.minReplicas) (int .Values.autoscaling.maxReplicas) -}}
{{- fail (printf "autoscaling.minReplicas (%v) must not exceed autoscaling.maxReplicas (%v)" .Values.autoscaling.minReplicas .Values.autoscaling.maxReplicas) -}}
{{- end -}}
{{- end -}}
{{- $fewest := include "account-edge.fewestPods" . | int -}}
{{- if and (gt $fewest 1) (ge (int .Values.podDisruptionBudget.maxUnavailable) $fewest) -}}
{{- fail (printf "podDisruptionBudget.maxUnavailable (%v) must be below the fewest pods (%v, autoscaling.minReplicas or replicaCount): a node drain could take every pod at once" .Values.podDisruptionBudget.maxUnavailable $fewest) -}}
{{- end -}}
{{- range $name := list "app.kubernetes.io/name" "app.kubernetes.io/instance" "app.kubernetes.io/component" "account-edge/region" -}}
{{- if hasKey $.Values.podLabels $name -}}
{{- fail (printf "podLabels must not set %s: the chart's selectors and alerts rely on it" $name) -}}
{{- end -}}
{{- end -}}
{{- if not .Values.publicOrigin -}}
{{- fail "publicOrigin is required (https://<host> as browsers see it): without it origin checks accept whatever host a request names and HSTS is off" -}}
{{- end -}}
{{- if and .Values.ingress.enabled .Values.ingress.tls.enabled -}}
{{- $expected := printf "https://%s" .Values.ingress.host -}}
{{- if ne (trimSuffix "/" .Values.publicOrigin) $expected -}}
{{- fail (printf "publicOrigin (%s) must be %s when the ingress serves TLS: browsers see that origin, and HSTS follows https" .Values.publicOrigin $expected) -}}
{{- end -}}
{{- end -}}
{{- $limit := include "account-edge.mebibytes" (.Values.resources.limits.memory | toString) | int -}}
{{- $needs := add (mul 2 .Values.heapMb) (mul 3 .Values.semiSpaceMb) .Values.pageCacheMb -}}
{{- if gt (int $needs) $limit -}}
{{- fail (printf "resources.limits.memory (%s = %d Mi) must hold 2 × heapMb + 3 × semiSpaceMb + pageCacheMb = %d Mi: the heap with its code and buffers, the young generation (three semi-spaces) and the page cache; lower heapMb, semiSpaceMb or pageCacheMb, or raise the limit" .Values.resources.limits.memory $limit (int $needs)) -}}
{{- end -}}
{{- $request := include "account-edge.mebibytes" (.Values.resources.requests.memory | toString) | int -}}
{{- if gt $request $limit -}}
{{- fail (printf "resources.requests.memory (%s) must not exceed resources.limits.memory (%s)" .Values.resources.requests.memory .Values.resources.limits.memory) -}}
{{- end -}}
{{- $shutdown := .Values.shutdown -}}
{{- if and $shutdown.timeoutMs (lt (int $shutdown.timeoutMs) (int .Values.upstreamTimeoutMs)) -}}
{{- fail (printf "shutdown.timeoutMs (%v) must be at least upstreamTimeoutMs (%v): a call waiting on a slow upstream would be cut during every rollout (or set it to 0 to derive it)" $shutdown.timeoutMs .Values.upstreamTimeoutMs) -}}
{{- end -}}
{{- $drainMs := include "account-edge.drainMs" . | int -}}
{{- $needed := add $shutdown.preStopSeconds (div (add $shutdown.delayMs $drainMs) 1000) -}}
{{- $grace := include "account-edge.graceSeconds" . | int -}}
{{- if le $grace (int $needed) -}}
{{- fail (printf "shutdown.terminationGracePeriodSeconds (%v) must exceed preStopSeconds + (delayMs + timeoutMs)/1000 (%v): Kubernetes would kill requests in flight (or set it to 0 to derive it)" $grace $needed) -}}
{{- end -}}
{{- if and (not .Values.sessionKeys.existingSecret) (not .Values.sessionKeys.keys) -}}
{{- fail "sessionKeys: give keys or existingSecret" -}}
{{- end -}}
{{- include "account-edge.checks.stores" . -}}
{{- include "account-edge.checks.network" . -}}
{{- include "account-edge.checks.monitoring" . -}}
{{- include "account-edge.checks.extraEnv" . -}}
{{- if and .Values.trustedCa.existingSecret .Values.trustedCa.existingConfigMap -}}
{{- fail "trustedCa: give existingSecret or existingConfigMap, not both" -}}
{{- end -}}
{{- end -}}

{{/* Stores: more than one pod shares Redis, or says out loud that it does not. */}}
{{- define "account-edge.checks.stores" -}}
{{- $most := include "account-edge.mostPods" . | int -}}
{{- $redis := include "account-edge.hasRedis" . -}}
{{- if and (gt $most 1) (not $redis) (not .Values.redis.allowPerPodStores) -}}
{{- fail (printf "up to %d pods would run without a shared store (replicaCount, or autoscaling.maxReplicas with autoscaling on): set redis.url or redis.existingSecret, or redis.allowPerPodStores=true to accept that a sign-out, a rate-limit count and a used reset link hold on one pod only" $most) -}}
{{- end -}}
{{- if and .Values.readiness.requireStore (not $redis) -}}
{{- fail "readiness.requireStore needs Redis (redis.url or redis.existingSecret): without it the stores live in each pod and never go down" -}}
{{- end -}}
{{- end -}}

{{/*
Network: the NetworkPolicy and trustProxy only make sense together; a trusted range so wide that a
few of them cover every address (0.0.0.0/1,128.0.0.0/1) is a catch-all by other means.
*/}}
{{- define "account-edge.checks.network" -}}
{{- range $entry := splitList "," .Values.trustProxy -}}
{{- if contains "/" $entry -}}
{{- $address := index (splitList "/" $entry) 0 | lower -}}
{{- $prefix := index (splitList "/" $entry) 1 | int -}}
{{- /* IPv4-mapped IPv6 (::ffff:a.b.c.d/n) matches IPv4 clients: its IPv4 prefix is n - 96. */ -}}
{{- $shortest := ternary 104 (ternary 7 8 (contains ":" $address)) (hasPrefix "::ffff:" $address) -}}
{{- if lt $prefix $shortest -}}
{{- fail (printf "trustProxy: %s is wider than any proxy fleet (shorter than /%d): a few such ranges cover every address (0.0.0.0/1,128.0.0.0/1 is 0.0.0.0/0), and then a client writes its own X-Forwarded-For; name the ingress pods' CIDR" $entry $shortest) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if and (has "uniquelocal" (splitList "," .Values.trustProxy)) (not .Values.networkPolicy.enabled) -}}
{{- fail "trustProxy: uniquelocal trusts every private address, which is safe only while the NetworkPolicy keeps other pods off the site's port: set networkPolicy.enabled=true, or trustProxy to the ingress pods' CIDR" -}}
{{- end -}}
{{- if and .Values.networkPolicy.enabled .Values.httpRoute.enabled (not .Values.networkPolicy.ingressFrom) -}}
{{- fail "httpRoute.enabled: set networkPolicy.ingressFrom to the gateway's pods (namespaceSelector and podSelector of its data plane; add the ingress controller's while the Ingress still serves), or the NetworkPolicy admits only ingress-nginx and the gateway's requests never arrive" -}}
{{- end -}}
{{- if and .Values.networkPolicy.enabled .Values.tracing.otlpEndpoint (not .Values.networkPolicy.tracing.to) -}}
{{- fail "tracing.otlpEndpoint: set networkPolicy.tracing.to to the collector's pods (or an ipBlock), or the NetworkPolicy drops every export" -}}
{{- end -}}
{{- end -}}

{{/* Alerts read series only the ServiceMonitor's job carries, and link to a real runbook. */}}
{{- define "account-edge.checks.monitoring" -}}
{{- $rule := .Values.metrics.prometheusRule -}}
{{- if $rule.enabled -}}
{{- if not .Values.metrics.serviceMonitor.enabled -}}
{{- fail (printf "metrics.prometheusRule.enabled needs metrics.serviceMonitor.enabled: every alert reads job=\"%s-metrics\", which only the ServiceMonitor creates; without it the alerts never fire and AccountEdgeMetricsDown never stops" (include "account-edge.fullname" .)) -}}
{{- end -}}
{{- if not $rule.runbookUrl -}}
{{- fail "metrics.prometheusRule.runbookUrl: set it to where docs/operations.md is published; every alert links there" -}}
{{- end -}}
{{- $url := urlParse $rule.runbookUrl -}}
{{- $host := lower $url.host -}}
{{- $exampleDomain := regexMatch "(^|\\.)example\\.(com|org|net)(:[0-9]+)?$" $host -}}
{{- $exampleOnGithub := and (regexMatch "^(www\\.)?github\\.com$" $host) (hasPrefix "/example/" $url.path) -}}
{{- if or $exampleDomain $exampleOnGithub -}}
{{- fail (printf "metrics.prometheusRule.runbookUrl (%s) is a placeholder: set it to where docs/operations.md is published, or every alert's runbook link goes nowhere" $rule.runbookUrl) -}}
{{- end -}}
{{- end -}}
{{- if and .Values.metrics.dashboard.enabled (not ($.Files.Get "dashboards/account-edge.json")) -}}
{{- fail "metrics.dashboard.enabled: the chart has no dashboards/account-edge.json" -}}
{{- end -}}
{{- end -}}

{{/*
extraEnv: names the runtime reads without changing what the chart checks, or any name with
extraEnvAnyName (NOTES.txt warns). Never one the chart sets (the later one would silently win),
never NODE_OPTIONS (Node refuses V8 flags there and the pod exits before it listens, ADR 0120).
*/}}
{{- define "account-edge.extraEnvAllowed" -}}
{{- list "TZ" "UV_THREADPOOL_SIZE" "OTEL_SERVICE_NAME" "OTEL_RESOURCE_ATTRIBUTES" "OTEL_EXPORTER_OTLP_HEADERS" | toJson -}}
{{- end -}}

{{- define "account-edge.checks.extraEnv" -}}
{{- $allowed := include "account-edge.extraEnvAllowed" . | fromJsonArray -}}
{{- $configMap := include (print $.Template.BasePath "/configmap.yaml") . | fromYaml -}}
{{- $chartSet := concat (keys $configMap.data) (list "SESSION_KEYS" "REDIS_URL" "MALLOC_ARENA_MAX" "NODE_EXTRA_CA_CERTS") -}}
{{- range $entry := .Values.extraEnv -}}
{{- if eq $entry.name "NODE_OPTIONS" -}}
{{- fail "extraEnv: NODE_OPTIONS is refused: Node rejects most V8 flags there and the pod exits before it listens; the chart passes Node's flags as the container's args (heapMb, semiSpaceMb)" -}}
{{- end -}}
{{- if has $entry.name $chartSet -}}
{{- fail (printf "extraEnv: %s is set by the chart; change the chart value behind it instead (helm/README.md)" $entry.name) -}}
{{- end -}}
{{- if and (not (has $entry.name $allowed)) (not $.Values.extraEnvAnyName) -}}
{{- fail (printf "extraEnv: %s is not one of %s; set extraEnvAnyName=true to pass it anyway (NOTES.txt will warn)" $entry.name (join ", " $allowed)) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* A memory quantity the schema allows (digits, then Mi or Gi) in MiB. */}}
{{- define "account-edge.mebibytes" -}}
{{- $digits := regexFind "^[0-9]+" . | int -}}
{{- if hasSuffix "Gi" . -}}{{- mul $digits 1024 -}}{{- else -}}{{- $digits -}}{{- end -}}
{{- end -}}

{{/* The server's drain after SIGTERM (SHUTDOWN_TIMEOUT_MS): the value, or upstreamTimeoutMs + 1 s. */}}
{{- define "account-edge.drainMs" -}}
{{- if .Values.shutdown.timeoutMs -}}
{{- .Values.shutdown.timeoutMs | int -}}
{{- else -}}
{{- min 120000 (add .Values.upstreamTimeoutMs 1000) -}}
{{- end -}}
{{- end -}}

{{/* terminationGracePeriodSeconds: the value, or preStop + delay + drain rounded up + 5 s to close. */}}
{{- define "account-edge.graceSeconds" -}}
{{- if .Values.shutdown.terminationGracePeriodSeconds -}}
{{- .Values.shutdown.terminationGracePeriodSeconds | int -}}
{{- else -}}
{{- $serverMs := add .Values.shutdown.delayMs (include "account-edge.drainMs" . | int) -}}
{{- add .Values.shutdown.preStopSeconds (div (add $serverMs 999) 1000) 5 -}}
{{- end -}}
{{- end -}}

{{/* A duration the schema allows (digits, then ms, s, m or h) in milliseconds. */}}
{{- define "account-edge.durationMs" -}}
{{- $digits := regexFind "^[0-9]+" . | int -}}
{{- $unit := trimPrefix (toString $digits) . -}}
{{- $factor := get (dict "ms" 1 "s" 1000 "m" 60000 "h" 3600000) $unit -}}
{{- mul $digits $factor -}}
{{- end -}}
