/// One monitor of the X screen, as RandR 1.5 lists them (`XRRGetMonitors`: one per output, or as
/// `xrandr --setmonitor` defines them): a rectangle of the root window, in pixels. Without RandR 1.5 the whole screen
/// is one monitor.
public struct Monitor: Equatable, Sendable {
    /// Its name: the output's ("HDMI-1"), or the one `xrandr --setmonitor` gave it.
    public let name: String
    /// Whether RandR marks it the primary monitor.
    public let isPrimary: Bool
    /// Its left edge on the root window, in pixels.
    public let x: Int
    /// Its top edge on the root window, in pixels.
    public let y: Int
    /// Its width in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int

    /// A monitor as given.
    public init(name: String, isPrimary: Bool = false, x: Int, y: Int, width: Int, height: Int) {
        self.name = name
        self.isPrimary = isPrimary
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Whether the point (`x`, `y`) on the root is on the monitor (its right and bottom edges are not).
    public func contains(x pointX: Int, y pointY: Int) -> Bool {
        pointX >= x && pointX < x + width && pointY >= y && pointY < y + height
    }

    /// How many pixels of the rectangle at (`left`, `top`), `width` × `height`, are on the monitor.
    func overlap(left: Int, top: Int, width otherWidth: Int, height otherHeight: Int) -> Int {
        let across = min(x + width, left + otherWidth) - max(x, left)
        let down = min(y + height, top + otherHeight) - max(y, top)
        return across > 0 && down > 0 ? across * down : 0
    }

    /// Its area in pixels.
    var area: Int { width * height }
}

extension [Monitor] {
    /// The monitor under the point (`x`, `y`) on the root: of those that hold it, the smallest (a monitor that RandR
    /// lists over the whole screen beside smaller ones is the last choice); `nil` when none does.
    func monitor(atX x: Int, y: Int) -> Monitor? {
        filter { $0.contains(x: x, y: y) }.min { $0.area < $1.area }
    }

    /// The monitor a window at (`x`, `y`), `width` × `height`, is on: the one that shows most of it, of equals the
    /// smallest, then the first listed; the monitor nearest its centre when none shows any of it; `nil` when the list
    /// is empty.
    func monitor(showingMostOfWindowAtX x: Int, y: Int, width: Int, height: Int) -> Monitor? {
        // Ranked by the pixels shown, then the smaller area, then the earlier place in the list.
        let ranked = enumerated().map { place, monitor in
            (shown: monitor.overlap(left: x, top: y, width: width, height: height), area: monitor.area, place: place)
        }
        if let best = ranked.max(by: { ($0.shown, -$0.area, -$0.place) < ($1.shown, -$1.area, -$1.place) }),
            best.shown > 0
        {
            return self[best.place]
        }
        let centreX = x + width / 2
        let centreY = y + height / 2
        return self.min { first, second in
            first.distanceSquared(toX: centreX, y: centreY) < second.distanceSquared(toX: centreX, y: centreY)
        }
    }
}

extension [Monitor] {
    /// The monitor that shows most of a window at `place` on the root (see
    /// `monitor(showingMostOfWindowAtX:y:width:height:)`).
    func monitor(showingMostOf place: (x: Int32, y: Int32, width: UInt32, height: UInt32)) -> Monitor? {
        monitor(
            showingMostOfWindowAtX: Int(place.x), y: Int(place.y), width: Int(place.width), height: Int(place.height))
    }
}

extension Monitor {
    /// The square of the distance from (`pointX`, `pointY`) to the nearest pixel of the monitor.
    func distanceSquared(toX pointX: Int, y pointY: Int) -> Int {
        let across = max(x - pointX, 0, pointX - (x + width - 1))
        let down = max(y - pointY, 0, pointY - (y + height - 1))
        return across * across + down * down
    }
}
