#!/usr/bin/env python3
"""Lists every public symbol of the given modules that has no doc comment, from the symbol graphs that
`swift package generate-documentation` extracted (.build/*/extracted-symbols/*/MODULE/), and exits 1 if any.

Symbols the compiler made (synthesized conformances, members inherited from other modules' protocols) have no
source location of ours and are skipped; a member that implements a protocol requirement documented in this
module inherits that documentation, as DocC shows it, and counts as documented."""
import glob, json, sys

def graphs(module):
    files = glob.glob(f".build/*/extracted-symbols/*/{module}/{module}*.symbols.json")
    if not files:
        sys.exit(f"check-doc-coverage: no symbol graph of {module}; run generate-documentation first")
    return [json.load(open(f)) for f in files]

missing = []
for module in sys.argv[1:]:
    symbols, documented_requirements, implements = {}, set(), {}
    for graph in graphs(module):
        for symbol in graph["symbols"]:
            symbols[symbol["identifier"]["precise"]] = symbol
        for relation in graph["relationships"]:
            if relation["kind"] == "defaultImplementationOf" or relation["kind"] == "overrides":
                implements.setdefault(relation["source"], []).append(relation["target"])
    for identifier, symbol in symbols.items():
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        location = symbol.get("location", {}).get("uri", "")
        if "/Sources/" not in location:  # made by the compiler, or another module's
            continue
        if symbol.get("docComment", {}).get("lines"):
            continue
        inherited = [symbols.get(target, {}).get("docComment", {}).get("lines") for target in implements.get(identifier, [])]
        if any(inherited):
            continue
        line = symbol.get("location", {}).get("position", {}).get("line", 0) + 1
        path = location.split("/Sources/", 1)[1]
        missing.append(f"Sources/{path}:{line}: {module}: {'.'.join(symbol['pathComponents'])} has no doc comment")

for entry in sorted(missing):
    print(entry)
if missing:
    print(f"check-doc-coverage: {len(missing)} public symbols without a doc comment", file=sys.stderr)
    sys.exit(1)
print(f"check-doc-coverage: every public symbol of {', '.join(sys.argv[1:])} has a doc comment")
