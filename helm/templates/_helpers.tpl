{{- define "account-edge.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "account-edge.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "account-edge.selectorLabels" -}}
app.kubernetes.io/name: {{ include "account-edge.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "account-edge.labels" -}}
{{ include "account-edge.selectorLabels" . }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
account-edge/region: {{ .Values.region }}
{{- end -}}

{{/*
The helm test pod: a name of its own, so no selector of the server's pods (Service, PDB,
NetworkPolicy, spread) ever counts it — the Service would route users to it, the PDB would count it.
*/}}
{{- define "account-edge.testSelectorLabels" -}}
app.kubernetes.io/name: {{ include "account-edge.name" . }}-test
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: test
{{- end -}}

{{- define "account-edge.testLabels" -}}
{{ include "account-edge.testSelectorLabels" . }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
account-edge/region: {{ .Values.region }}
{{- end -}}

{{- define "account-edge.image" -}}
{{- printf "%s/%s:%s" .Values.image.registry .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) -}}
{{- end -}}

{{- define "account-edge.sessionSecretName" -}}
{{- .Values.sessionKeys.existingSecret | default (printf "%s-session-keys" (include "account-edge.fullname" .)) -}}
{{- end -}}

{{- define "account-edge.redisSecretName" -}}
{{- .Values.redis.existingSecret | default (printf "%s-redis" (include "account-edge.fullname" .)) -}}
{{- end -}}

{{/* Pod and container security: non-root numeric user, read-only root, no privileges. */}}
{{- define "account-edge.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "account-edge.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
privileged: false
capabilities:
  drop: ["ALL"]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* The ingress certificate's Secret (cert-manager names its Certificate the same). */}}
{{- define "account-edge.tlsSecretName" -}}
{{- .Values.ingress.tls.secretName | default (printf "%s-tls" (include "account-edge.fullname" .)) -}}
{{- end -}}
