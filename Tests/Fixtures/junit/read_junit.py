#!/usr/bin/env python3
"""Reads a JUnit XML file with junitparser (https://pypi.org/project/junitparser/), the library many CI
reporters use, and prints what it sees as JSON: per suite its counts, per test case its class name, name,
time, results (failure, error, skipped: type and message) and system-out. Reel's tests run it on what
`reel replay`, `reel compare` and `reel gate` write (Tests/ReelCLITests/JUnitConsumerTests.swift).

Usage: read_junit.py FILE
"""
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped


def kind(result):
    if isinstance(result, Failure):
        return "failure"
    if isinstance(result, Error):
        return "error"
    if isinstance(result, Skipped):
        return "skipped"
    return type(result).__name__


def main(path):
    xml = JUnitXml.fromfile(path)
    suites = []
    for suite in xml:
        cases = []
        for case in suite:
            cases.append({
                "classname": case.classname,
                "name": case.name,
                "time": case.time,
                "results": [{"kind": kind(r), "type": r.type, "message": r.message, "text": r.text}
                            for r in case.result],
                "system_out": case.system_out,
            })
        suites.append({
            "name": suite.name,
            "tests": suite.tests,
            "failures": suite.failures,
            "errors": suite.errors,
            "skipped": suite.skipped,
            "time": suite.time,
            "properties": {p.name: p.value for p in suite.properties()},
            "cases": cases,
        })
    json.dump({"name": xml.name, "tests": xml.tests, "failures": xml.failures, "errors": xml.errors,
               "suites": suites}, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
