#!/usr/bin/python3
"""A GTK 3 window for the drag and drop tests: the other side of XDND, as GIMP, Firefox or Nautilus speak it.

  gtk-dnd-peer.py target X Y WIDTH HEIGHT        takes drops of text/uri-list
  gtk-dnd-peer.py source X Y WIDTH HEIGHT URI... can be dragged, offering the URIs as text/uri-list

The window opens at (X, Y) on the root, WIDTH x HEIGHT, painted a flat colour. Each line on stdout is a JSON object:
{"event": "ready", "window": XID} once it is mapped, then for a target "motion" (the first drag motion over it),
"received" (the "uris" and the "action") and "leave"; for a source "begin" and "end".
"""
import json
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def say(event, **fields):
    print(json.dumps({"event": event, **fields}), flush=True)


def main(argv):
    if len(argv) < 6 or argv[1] not in ("target", "source"):
        print(__doc__, file=sys.stderr)
        return 2
    mode = argv[1]
    x, y, width, height = (int(value) for value in argv[2:6])
    uris = argv[6:]

    window = Gtk.Window(title=f"gtk {mode}")
    window.set_default_size(width, height)
    window.move(x, y)
    area = Gtk.EventBox()
    colour = Gdk.RGBA()
    colour.parse("#30A050" if mode == "target" else "#C03020")
    area.override_background_color(Gtk.StateFlags.NORMAL, colour)
    window.add(area)
    targets = [Gtk.TargetEntry.new("text/uri-list", 0, 0)]
    seen_motion = []

    if mode == "target":
        area.drag_dest_set(Gtk.DestDefaults.ALL, targets, Gdk.DragAction.COPY)

        def on_motion(widget, context, mx, my, time):
            if not seen_motion:
                seen_motion.append(True)
                say("motion", x=mx, y=my)
            return False

        def on_received(widget, context, mx, my, data, info, time):
            say("received", uris=list(data.get_uris() or []), action=int(context.get_selected_action()))

        def on_leave(widget, context, time):
            seen_motion.clear()
            say("leave")

        area.connect("drag-motion", on_motion)
        area.connect("drag-data-received", on_received)
        area.connect("drag-leave", on_leave)
    else:
        area.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, targets, Gdk.DragAction.COPY)

        def on_get(widget, context, data, info, time):
            data.set_uris(uris)

        area.connect("drag-begin", lambda *_: say("begin"))
        area.connect("drag-data-get", on_get)
        area.connect("drag-end", lambda *_: say("end"))

    def on_mapped(*_):
        # Once the server has the window where it was asked to go.
        GLib.idle_add(lambda: say("ready", window=window.get_window().get_xid()) and False)

    window.connect("map-event", on_mapped)
    window.connect("destroy", Gtk.main_quit)
    window.show_all()
    Gtk.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
