#!/usr/bin/env python3
"""Pastes each example's code into the Markdown blocks that show it (the blocks ExampleBlockTests checks).

A block follows a marker `<!-- example: PATH -->` (the whole file) or `<!-- example: PATH#REGION -->` (the lines
between `// snippet.REGION` and `// snippet.end`); marker lines are never shown. Run it after changing an example:

    python3 scripts/sync-example-blocks.py README.md docs/*.md Sources/*/*.docc/*.md
"""
import re
import sys

MARKER = re.compile(r"^<!-- example: ([^#]+?)(?:#(\S+))? -->\s*$")


def example_lines(path, region):
    lines = open(path, encoding="utf-8").read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if region is None:
        return [line for line in lines if not line.strip().startswith("// snippet.")]
    start = lines.index(next(l for l in lines if l.strip() == f"// snippet.{region}"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip() == "// snippet.end")
    return [line for line in lines[start + 1 : end] if not line.strip().startswith("// snippet.")]


def sync(markdown_path):
    lines = open(markdown_path, encoding="utf-8").read().split("\n")
    out, index = [], 0
    while index < len(lines):
        line = lines[index]
        out.append(line)
        index += 1
        match = MARKER.match(line)
        if not match or index >= len(lines) or lines[index].rstrip() != "```swift":
            continue
        close = next(i for i in range(index + 1, len(lines)) if lines[i].rstrip() == "```")
        out.append(lines[index])
        out.extend(example_lines(match.group(1), match.group(2)))
        out.append(lines[close])
        index = close + 1
    open(markdown_path, "w", encoding="utf-8").write("\n".join(out))


for path in sys.argv[1:]:
    sync(path)
