#!/bin/bash
# Generates Sources/MatterSpecification/Generated from matter.js's Matter 1.4 specification model, then mhub's cluster
# definitions (Sources/MatterDataModel/Generated) from those tables and Sources/mhub-spec-gen/ClusterChoices.swift, and
# formats both.
#
#   scripts/generate-data-model.sh MATTER_JS
#
# MATTER_JS is a clone of https://github.com/project-chip/matter.js (a work tree or a bare repository); the model is
# its file support/models/src/v1.4/spec.ts at HEAD. docs/data-model.md says why this source and what is taken.
set -euo pipefail
cd "$(dirname "$0")/.."
matter_js=${1:?usage: scripts/generate-data-model.sh MATTER_JS (a clone of github.com/project-chip/matter.js)}
model_path=support/models/src/v1.4/spec.ts
model=$(mktemp)
trap 'rm -f "$model"' EXIT
git -C "$matter_js" show "HEAD:$model_path" >"$model"
commit=$(git -C "$matter_js" rev-parse --short=12 HEAD)
swift build --product mhub-spec-gen
.build/debug/mhub-spec-gen "$model" Sources/MatterSpecification/Generated "matter.js $commit $model_path"
swift format format -i --recursive Sources/MatterSpecification/Generated
# The cluster definitions are built from the tables mhub-spec-gen is compiled with: build it again on the new tables.
swift build --product mhub-spec-gen
.build/debug/mhub-spec-gen clusters Sources/MatterDataModel/Generated
swift format format -i --recursive Sources/MatterDataModel/Generated
