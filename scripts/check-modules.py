#!/usr/bin/env python3
"""The module graph points one way: Core <- GL <- Compositor, and Core <- Graphics <- Quartz <- Strata.

Usage: python3 scripts/check-modules.py [dump-package.json]
(without an argument it runs `swift package dump-package` itself).

Checks, from Package.swift as SwiftPM reads it and from the sources:
1. Each library module depends only on the modules below it (ALLOWED); nothing below a module
   names it, so nothing points up.
2. Every `import` in a module's sources names a module that module depends on (directly or
   through the modules it depends on), a system module, or a package product it names: a module
   cannot reach past the graph through what another module happens to import.
3. Core Animation knows nothing of UIKit: no code in StrataQuartz or below (comments and
   messages aside) names a `UI` type, as QuartzCore names none on Apple's platforms.
Prints what it checked; exits 1 with each violation (file, line, import) otherwise.
"""
import json
import os
import re
import subprocess
import sys

# The library modules, and the modules each may depend on directly. C shims are allowed only
# where they are listed: Cairo and the codecs belong to Graphics (and, for text, to Strata),
# GL's shims to StrataGL.
ALLOWED = {
    "StrataCore": set(),
    "Cassowary": set(),
    "StrataGL": {"StrataCore", "CEGL", "CGLES3", "CGBM", "Logging"},
    "StrataShaders": set(),
    "StrataGraphics": {"StrataCore", "CCairo", "CImageCodecs"},
    "StrataCompositor": {"StrataCore", "StrataGL", "StrataShaders", "Logging"},
    "StrataQuartz": {"StrataCore", "StrataGraphics", "StrataCompositor", "CCairo", "CSwiftRuntime", "Logging"},
    "Strata": {
        "StrataCore", "StrataGraphics", "StrataQuartz", "StrataCompositor", "Cassowary", "CCairo", "CPango",
        "CSwiftRuntime", "Logging", "HeapModule", "OrderedCollections",
    },
    "StrataSnapshotTesting": {"Strata", "StrataCore", "SnapshotTesting"},
}

# Modules every target may import: the toolchain's own.
SYSTEM = {"Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Synchronization", "Testing", "XCTest",
          "_Concurrency", "Swift", "os", "Musl"}

# Modules whose code may name no UIKit type, and what such a name looks like.
NO_UIKIT = ["StrataQuartz", "StrataGraphics", "StrataCompositor", "StrataCore"]
UIKIT_NAME = re.compile(r"\bUI[A-Z][A-Za-z]*")
# A one-line string literal (messages may name UIKit's types to the user).
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

IMPORT = re.compile(r"^\s*(?:@[\w(: ,)]+\s+)*import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?(\w+)")


def main():
    if len(sys.argv) > 1:
        package = json.load(open(sys.argv[1]))
    else:
        package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], text=True))
    targets = {t["name"]: t for t in package["targets"]}

    def direct(name):
        out = set()
        for dep in targets[name]["dependencies"]:
            if "byName" in dep:
                out.add(dep["byName"][0])
            elif "target" in dep:
                out.add(dep["target"][0])
            elif "product" in dep:
                out.add(dep["product"][0])
        return out

    def closure(name):
        seen, stack = set(), [name]
        while stack:
            for dep in direct(stack.pop()):
                if dep not in seen:
                    seen.add(dep)
                    if dep in targets:
                        stack.append(dep)
        return seen

    problems = []
    for name, allowed in ALLOWED.items():
        if name not in targets:
            problems.append(f"Package.swift has no target {name}")
            continue
        for dep in sorted(direct(name) - allowed):
            problems.append(f"{name} depends on {dep}, which it may not (allowed: {', '.join(sorted(allowed)) or 'nothing'})")

    checked = 0
    for name, target in targets.items():
        if target["type"] not in ("regular", "executable", "test"):
            continue
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        reachable = closure(name) | SYSTEM | {name}
        for root, _, files in os.walk(path):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                full = os.path.join(root, file)
                for number, line in enumerate(open(full, encoding="utf-8"), 1):
                    match = IMPORT.match(line)
                    if not match:
                        continue
                    checked += 1
                    module = match.group(1)
                    if module not in reachable:
                        problems.append(f"{full}:{number}: imports {module}, which {name} does not depend on")

    for name in NO_UIKIT:
        for root, _, files in os.walk(os.path.join("Sources", name)):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                full = os.path.join(root, file)
                in_block = False
                for number, line in enumerate(open(full, encoding="utf-8"), 1):
                    code = line
                    if in_block:
                        if "*/" not in code:
                            continue
                        code, in_block = code.split("*/", 1)[1], False
                    if "/*" in code and "*/" not in code.split("/*", 1)[1]:
                        code, in_block = code.split("/*", 1)[0], True
                    code = STRING.sub('""', code).split("//", 1)[0]
                    for found in UIKIT_NAME.findall(code):
                        problems.append(f"{full}:{number}: {name} names the UIKit type {found}")

    if problems:
        print("module graph check failed:", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        sys.exit(1)
    print(f"module graph: {len(ALLOWED)} library modules depend only on the modules below them; "
          f"{checked} imports in {len(targets)} targets name modules their target depends on; "
          f"{', '.join(NO_UIKIT)} name no UIKit type")


if __name__ == "__main__":
    main()
