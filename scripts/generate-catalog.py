#!/usr/bin/env python3
"""Writes Resources/catalog.json: the demo's 240 cards, the same every run (a fixed seed).

The cards come grouped by category, 40 per category; in four of the six categories the 8th card is a banner
(`"banner": true`, a wide 0.4 aspect). Only banner cards carry the `banner` field."""
import json
import pathlib
import random

# Each category with the kinds of work its cards are (the subtitle's first word).
CATEGORIES = [
    ("Photography", ["Photo", "Print"]),
    ("Illustration", ["Sketch", "Poster", "Collage"]),
    ("Food", ["Recipe"]),
    ("Travel", ["Postcard"]),
    ("Crafts", ["Ceramic", "Weaving"]),
    ("Maps", ["Map"]),
]
PER_CATEGORY = 40
COUNT = PER_CATEGORY * len(CATEGORIES)  # 240
BANNER_CATEGORIES = {"Photography", "Food", "Travel", "Maps"}
BANNER_POSITION = 7  # the 8th card of its category
BANNER_ASPECT = 0.4
ADJECTIVES = ["Misty", "Golden", "Quiet", "Amber", "Silver", "Wild", "Hidden", "Coastal", "Autumn", "Northern",
              "Velvet", "Paper", "Copper", "Lunar", "Emerald", "Saffron", "Winter", "Sunlit", "Faded", "Bright"]
NOUNS = ["Harbor", "Meadow", "Lantern", "Orchard", "Canyon", "Atelier", "Garden", "Bridge", "Kitchen", "Studio",
         "Lighthouse", "Market", "Forest", "Terrace", "Library", "Valley", "Workshop", "Glasshouse", "Pier", "Dune"]
AUTHORS = ["Ada", "Bram", "Chloe", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kaito", "Lena",
           "Mateo", "Noor", "Oskar", "Priya", "Quinn", "Rosa", "Sven", "Tara"]
ASPECTS = [0.56, 0.66, 0.75, 0.8, 1.0, 1.0, 1.25, 1.33, 1.5, 1.6, 1.78]


def main() -> None:
    rng = random.Random(20261121)
    items = []
    for category, kinds in CATEGORIES:
        for position in range(PER_CATEGORY):
            hue_base = rng.randrange(0x30, 0xE0)
            red, green, blue = (min(255, max(0, hue_base + rng.randrange(-60, 61))) for _ in range(3))
            item = {
                "title": f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}",
                "subtitle": f"{rng.choice(kinds)} by {rng.choice(AUTHORS)}",
                "color": f"#{red:02X}{green:02X}{blue:02X}",
                "aspect": rng.choice(ASPECTS),
                "category": category,
            }
            if category in BANNER_CATEGORIES and position == BANNER_POSITION:
                item["aspect"] = BANNER_ASPECT
                item["banner"] = True
            items.append(item)
    assert len(items) == COUNT
    path = pathlib.Path(__file__).resolve().parent.parent / "Resources" / "catalog.json"
    path.write_text(json.dumps(items, indent=1) + "\n")
    print(f"wrote {len(items)} items to {path}")


if __name__ == "__main__":
    main()
