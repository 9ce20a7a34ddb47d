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
{{- $fewest := ternary .Values.autoscaling.minReplicas .Values.replicaCount .Values.autoscaling.enabled | int -}}
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
{{- $needs := add (mul 2 .Values.heapMb) .Values.pageCacheMb -}}
{{- if gt (int $needs) $limit -}}
{{- fail (printf "resources.limits.memory (%s = %d Mi) must hold 2 × heapMb + pageCacheMb = %d Mi: the heap, its young generation and code, and the page cache; lower heapMb or pageCacheMb, or raise the limit" .Values.resources.limits.memory $limit (int $needs)) -}}
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
