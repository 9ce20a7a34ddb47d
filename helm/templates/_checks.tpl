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
{{- $shutdown := .Values.shutdown -}}
{{- $needed := add $shutdown.preStopSeconds (div (add $shutdown.delayMs $shutdown.timeoutMs) 1000) -}}
{{- if le (int $shutdown.terminationGracePeriodSeconds) (int $needed) -}}
{{- fail (printf "shutdown.terminationGracePeriodSeconds (%v) must exceed preStopSeconds + (delayMs + timeoutMs)/1000 (%v): Kubernetes would kill requests in flight" $shutdown.terminationGracePeriodSeconds $needed) -}}
{{- end -}}
{{- if and (not .Values.sessionKeys.existingSecret) (not .Values.sessionKeys.keys) -}}
{{- fail "sessionKeys: give keys or existingSecret" -}}
{{- end -}}
{{- end -}}
