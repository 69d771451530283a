#!/usr/bin/env python3
"""Writes Resources/catalog.json: the demo's 240 cards, the same every run (a fixed seed)."""
import json
import pathlib
import random

COUNT = 240
ADJECTIVES = ["Misty", "Golden", "Quiet", "Amber", "Silver", "Wild", "Hidden", "Coastal", "Autumn", "Northern",
              "Velvet", "Paper", "Copper", "Lunar", "Emerald", "Saffron", "Winter", "Sunlit", "Faded", "Bright"]
NOUNS = ["Harbor", "Meadow", "Lantern", "Orchard", "Canyon", "Atelier", "Garden", "Bridge", "Kitchen", "Studio",
         "Lighthouse", "Market", "Forest", "Terrace", "Library", "Valley", "Workshop", "Glasshouse", "Pier", "Dune"]
KINDS = ["Photo", "Sketch", "Recipe", "Print", "Poster", "Collage", "Ceramic", "Weaving", "Postcard", "Map"]
AUTHORS = ["Ada", "Bram", "Chloe", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kaito", "Lena",
           "Mateo", "Noor", "Oskar", "Priya", "Quinn", "Rosa", "Sven", "Tara"]
ASPECTS = [0.56, 0.66, 0.75, 0.8, 1.0, 1.0, 1.25, 1.33, 1.5, 1.6, 1.78]


def main() -> None:
    rng = random.Random(20261121)
    items = []
    for index in range(COUNT):
        hue_base = rng.randrange(0x30, 0xE0)
        red, green, blue = (min(255, max(0, hue_base + rng.randrange(-60, 61))) for _ in range(3))
        items.append({
            "title": f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}",
            "subtitle": f"{rng.choice(KINDS)} by {rng.choice(AUTHORS)}",
            "color": f"#{red:02X}{green:02X}{blue:02X}",
            "aspect": rng.choice(ASPECTS),
        })
    path = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "catalog.json"
    path.write_text(json.dumps(items, indent=1) + "\n")
    print(f"wrote {len(items)} items to {path}")


if __name__ == "__main__":
    main()
