import CX11
import CXrandr

// RandR's calls (libXrandr), as Xlib.swift keeps libX11's: the monitors of the screen.

extension Display {
    /// The screen's active monitors, as RandR 1.5 lists them (`XRRQueryVersion`, then `XRRGetMonitors` and
    /// `XGetAtomName` for each name: round trips, for a key or the window's creation, never in a frame); the whole
    /// screen as one monitor named "screen" when the server has no RandR 1.5 or lists none.
    func monitors() -> [Monitor] {
        let whole = Monitor(
            name: "screen", isPrimary: true, x: 0, y: 0, width: Int(screenSize.width), height: Int(screenSize.height))
        var major: Int32 = 0
        var minor: Int32 = 0
        guard XRRQueryVersion(handle, &major, &minor) != 0, (major, minor) >= (1, 5) else { return [whole] }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(handle, root, 1, &count) else { return [whole] }
        defer { XRRFreeMonitors(list) }
        let monitors = (0..<Int(max(0, count))).map { index in
            let info = list[index]
            return Monitor(
                name: atomName(info.name) ?? "monitor \(index + 1)", isPrimary: info.primary != 0,
                x: Int(info.x), y: Int(info.y), width: Int(info.width), height: Int(info.height))
        }.filter { $0.area > 0 }
        return monitors.isEmpty ? [whole] : monitors
    }
}
