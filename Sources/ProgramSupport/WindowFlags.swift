import ArgumentParser

/// The flags both programs' windows take: the event log, and how the window draws, scrolls and takes the pointer.
package struct WindowFlags: ParsableArguments {
    @Flag(help: "Print one JSON object per line on stdout for every event and frame.")
    package var logEvents = false

    @Flag(help: "Draw through a Pixmap even when the server has the Xdbe extension.")
    package var noXdbe = false

    @Flag(help: "Scroll by a whole wheel step at once per notch instead of animating it.")
    package var noSmooth = false

    @Flag(
        help:
            "Take the pointer's events as core events even when the server has XInput 2 (touchpads then scroll by whole notches)."
    )
    package var noXinput2 = false

    /// The defaults, as ArgumentParser makes them before it reads the arguments.
    package init() {}
}
