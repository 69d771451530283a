#!/usr/bin/python3
"""Checks that a screenshot of the demo's window shows text where a person expects it, as the tests do: the status bar
below the viewport, and (given the `layout` subcommand's output for the window) the caption of every card wholly in
view, each with antialiased ink of its text's colour. Exits 1 naming each place without text.

usage: check-screenshot-text.py SHOT.png --viewport-height H [--layout FILE --offset Y] [--scale S]
"""
import argparse
import json
import sys

from PIL import Image

CAPTION, TITLE = (0xFF, 0xFF, 0xFF), (0x1F, 0x23, 0x28)
STATUS_BAR, STATUS_TEXT = (0x2B, 0x2F, 0x36), (0xE8, 0xEA, 0xED)
TOLERANCE = 24


def ink(image, xs, ys, colour, background):
    """The pixels near `colour`, and the distinct shades between `background` and it, in the box xs × ys."""
    solid, shades = 0, set()
    for y in ys:
        for x in xs:
            pixel = image.getpixel((x, y))[:3]
            if pixel == background:
                continue
            if all(abs(p - c) <= TOLERANCE for p, c in zip(pixel, colour)):
                solid += 1
            elif all(min(b, c) - 2 <= p <= max(b, c) + 2 for p, b, c in zip(pixel, background, colour)):
                shades.add(pixel)
    return solid, len(shades)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("shot")
    parser.add_argument("--viewport-height", type=float, required=True)
    parser.add_argument("--layout")
    parser.add_argument("--offset", type=float, default=0)
    parser.add_argument("--scale", type=float, default=1)
    args = parser.parse_args()
    image = Image.open(args.shot).convert("RGB")
    width, height = image.size
    px = lambda points: int(points * args.scale)
    missing = []

    top = px(args.viewport_height)
    solid, shades = ink(image, range(width), range(top, height), STATUS_TEXT, STATUS_BAR)
    if top >= height or image.getpixel((0, top)) != STATUS_BAR or solid < 40 or shades < 3:
        missing.append(f"the status bar (rows {top} to {height}): {solid} ink pixels, {shades} shades")

    cards = 0
    for line in open(args.layout) if args.layout else []:
        card = json.loads(line)
        if card.get("kind") not in ("cell", "banner"):
            continue
        if card["y"] < args.offset or card["y"] + card["height"] > args.offset + args.viewport_height:
            continue
        cards += 1
        # The caption: up from 4 points above the card's bottom (inside a selected card's border) while its left
        # padding, 5 points in, is white.
        x, bottom = px(card["x"] + 5), px(card["y"] + card["height"] - 4 - args.offset)
        band_top = bottom
        while band_top > px(card["y"] - args.offset) and image.getpixel((x, band_top - 1)) == CAPTION:
            band_top -= 1
        solid, shades = ink(image, range(px(card["x"]), px(card["x"] + card["width"])), range(band_top, bottom), TITLE, CAPTION)
        if solid < 12 or shades < 3:
            missing.append(f"card {card.get('index')}'s caption (rows {band_top} to {bottom}): {solid} ink pixels, {shades} shades")
    if args.layout and cards == 0:
        missing.append("any card wholly in view")

    if missing:
        print(f"{args.shot} shows no text in: " + "; ".join(missing), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
