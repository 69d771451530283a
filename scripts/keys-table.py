#!/usr/bin/env python3
"""Prints the key bindings of `waterfall --print-config` as the Markdown tables of docs/keys.md (ConfigFileTests
checks that the two agree). Usage: python3 scripts/keys-table.py PATH-TO-WATERFALL"""
import subprocess, re, sys
text = subprocess.run([sys.argv[1], "--print-config"], capture_output=True, text=True).stdout
lines = text.split("\n")
titles = {"global": "In the wall and the lightbox", "wall": "On the wall", "lightbox": "In the lightbox"}
out = ["<!-- key bindings: generated from `waterfall --print-config`; ConfigFileTests checks that they agree -->"]
mode = None
for i, line in enumerate(lines):
    m = re.match(r"^\[keys\.(\w+)\]$", line)
    if m:
        mode = m.group(1)
        out += ["", "### " + titles[mode], "", "| Action | Keys | What it does |", "|---|---|---|"]
        continue
    if mode and " = [" in line and not line.startswith("#"):
        action, chords = line.split(" = ", 1)
        chords = re.findall(r'"((?:[^"\\]|\\.)*)"', chords)
        summary = lines[i - 1][2:]
        keys = ", ".join("`%s`" % c for c in chords) or "(none)"
        out.append("| `%s` | %s | %s |" % (action, keys, summary.replace("|", "\\|")))
out += ["", "<!-- end of key bindings -->"]
print("\n".join(out))
