#!/usr/bin/python3
"""What a screen reader reads of an application, through pyatspi as Orca reads it (AT-SPI over the accessibility bus).

usage: atspi-read.py tree APP [--json] [--timeout S]   the application's tree: each object's role, name, states,
                                                       description, attributes and image description
       atspi-read.py focused APP [--timeout S]        the focused object, "ROLE: NAME", once one is focused
       atspi-read.py listen APP                       the focus and selection events from APP, one a line
                                                       ("TYPE DETAIL1 ROLE: NAME", and " -> ROLE: NAME" of the
                                                       active descendant), after a line "listening"

The session's accessibility bus is found as any AT-SPI client finds it (AT_SPI_BUS_ADDRESS, the X root window's
AT_SPI_BUS, the session bus's org.a11y.Bus). `tree` and `focused` wait up to the timeout (20 s by default) for APP to
register, and `focused` for a focused object: they poll a condition, whose waits end as soon as it holds. Exits with
status 1 and a line on stderr when APP never shows, 2 when pyatspi is missing.
"""
import json
import sys
import time

try:
    import pyatspi
except ImportError as error:
    sys.stderr.write(f"atspi-read.py: pyatspi is missing ({error}): apt-get install python3-pyatspi\n")
    sys.exit(2)

# The calls are synchronous D-Bus round trips: on a loaded machine the default 0.8 s is too short.
pyatspi.setTimeout(20000, 20000)


def state_names(accessible):
    names = [state.value_nick for state in accessible.getState().getStates()]
    return sorted(names)


def describe(accessible, depth=0):
    """The object and its children, as a dictionary."""
    entry = {
        "role": accessible.getRoleName(),
        "name": accessible.name,
        "states": state_names(accessible),
    }
    if accessible.description:
        entry["description"] = accessible.description
    attributes = dict(pair.split(":", 1) for pair in accessible.getAttributes() if ":" in pair)
    if attributes:
        entry["attributes"] = attributes
    if "Image" in pyatspi.listInterfaces(accessible):
        image = accessible.queryImage()
        entry["imageDescription"] = image.imageDescription
        entry["imageSize"] = list(image.getImageSize())
    if accessible.getRole() == pyatspi.ROLE_APPLICATION:
        entry["toolkit"] = accessible.get_toolkit_name()
    entry["children"] = [describe(child, depth + 1) for child in accessible if child is not None]
    return entry


def lines(entry, depth=0):
    """The tree as text: one object a line, indented by depth."""
    text = f"{'  ' * depth}{entry['role']}: {json.dumps(entry['name'], ensure_ascii=False)}"
    if entry["states"]:
        text += f" [{', '.join(entry['states'])}]"
    if "description" in entry:
        text += f" description={json.dumps(entry['description'], ensure_ascii=False)}"
    if "attributes" in entry:
        text += " " + " ".join(f"{key}={value}" for key, value in sorted(entry["attributes"].items()))
    if "imageDescription" in entry:
        text += f" image={json.dumps(entry['imageDescription'], ensure_ascii=False)} size={entry['imageSize']}"
    if "toolkit" in entry:
        text += f" toolkit={entry['toolkit']}"
    yield text
    for child in entry["children"]:
        yield from lines(child, depth + 1)


def find_application(name, timeout):
    deadline = time.monotonic() + timeout
    while True:
        desktop = pyatspi.Registry.getDesktop(0)
        for application in desktop:
            if application is not None and application.name == name:
                return application
        if time.monotonic() > deadline:
            names = [application.name for application in desktop if application is not None]
            sys.stderr.write(f"atspi-read.py: no application {name!r} within {timeout} s; there are {names}\n")
            sys.exit(1)
        time.sleep(0.05)  # the next look at the registry's applications, not a wait for a guessed moment


def focused(accessible):
    """The focused object in the tree under `accessible`, or None."""
    if pyatspi.STATE_FOCUSED in accessible.getState().getStates():
        return accessible
    for child in accessible:
        if child is not None:
            found = focused(child)
            if found is not None:
                return found
    return None


def label(accessible):
    return f"{accessible.getRoleName()}: {accessible.name}"


def listen(name):
    def heard(event):
        try:
            if event.host_application is None or event.host_application.name != name:
                return
            line = f"{event.type} {event.detail1} {label(event.source)}"
            if isinstance(event.any_data, pyatspi.Accessible):
                line += f" -> {label(event.any_data)}"  # the active descendant
            print(line, flush=True)
        except Exception as error:  # an object gone meanwhile: say so, and go on
            print(f"{event.type} {event.detail1} ?: {error}", flush=True)

    pyatspi.Registry.registerEventListener(
        heard, "focus:", "object:state-changed:focused", "object:state-changed:selected",
        "object:selection-changed", "object:active-descendant-changed")
    print("listening", flush=True)
    pyatspi.Registry.start()


def main():
    arguments = sys.argv[1:]
    if len(arguments) < 2 or arguments[0] not in ("tree", "focused", "listen"):
        sys.stderr.write(__doc__)
        sys.exit(64)
    command, name = arguments[0], arguments[1]
    timeout = float(arguments[arguments.index("--timeout") + 1]) if "--timeout" in arguments else 20.0
    if command == "listen":
        listen(name)
        return
    application = find_application(name, timeout)
    if command == "tree":
        tree = describe(application)
        if "--json" in arguments:
            print(json.dumps(tree, ensure_ascii=False))
        else:
            print("\n".join(lines(tree)))
    else:
        deadline = time.monotonic() + timeout
        while (found := focused(application)) is None:
            if time.monotonic() > deadline:
                sys.stderr.write(f"atspi-read.py: nothing focused in {name!r} within {timeout} s\n")
                sys.exit(1)
            time.sleep(0.05)
        print(label(found))


if __name__ == "__main__":
    main()
