import SeededRandom

@testable import waterfall_demo

/// A seeded random storm of real X input for one window, as xdotool commands for one `xdotool -` process: pointer
/// motion, wheel notches, clicks (plain, Ctrl, Shift), drags (on the cards and on the scroll bar's strip), keys
/// (arrows, Tab, Shift+Tab, Page Up/Down, Home, End, Space, Ctrl+Space, Escape, Ctrl+A, Enter, F5, Delete, Insert,
/// r; never q), resizes across the portrait/landscape threshold, and three pulls past the top, each ending a chunk
/// of the script: the sender waits for the window to let the pull go before it sends the next chunk (the window
/// does once the wheel has rested 0.3 s; a sleep in the script would race that timer). It counts the X events the
/// commands make, and what the program must receive of them. The pointer always stays inside the window (after a
/// resize it moves back in at once), so every press, release and key reaches the window (focus follows the pointer
/// without a window manager).
struct StormScript {
    /// The script in chunks of xdotool commands, one command a line; each chunk but the last ends with a pull past
    /// the top (Home, then four notches up).
    private(set) var chunks: [[String]] = [[]]
    /// For each pull, how many key presses the storm has made up to and including the pull's Home.
    private(set) var keyPressesThroughPulls: [Int] = []
    /// The X input events the commands make: pointer motions, button and key presses and releases, resizes.
    private(set) var events = 0
    /// Left button presses and releases (clicks and drags).
    private(set) var presses = 0, releases = 0
    /// Motions with the left button held: the program sees these (it does not select plain motion).
    private(set) var draggedMotions = 0
    /// Wheel notches down less notches up.
    private(set) var netNotches = 0
    /// Key presses, modifiers included (the window hears each one).
    private(set) var keyPresses = 0
    /// Resizes, and the window's size after the last one.
    private(set) var resizes = 0
    private(set) var size: (width: Int, height: Int)

    private let window: UInt
    /// The storm is the same on every run of a seed.
    private var random: SplitMix64
    private var pointer = (x: 2, y: 2)
    private var isLandscape: Bool

    /// A storm of at least `minimumEvents` X events for `window`, now `size` with the pointer at (2, 2), that ends
    /// with the window resized to `finalSize`, the pointer inside and six notches down (which end any pull).
    init(
        seed: UInt64, window: UInt, size: (width: Int, height: Int), minimumEvents: Int,
        finalSize: (width: Int, height: Int)
    ) {
        self.window = window
        self.size = size
        random = SplitMix64(seed: seed)
        isLandscape = size.width > size.height
        var pulls = 0
        while events < minimumEvents {
            if pulls < 3, events >= (pulls + 1) * minimumEvents / 4 {
                pull()
                pulls += 1
            }
            randomAction()
        }
        resize(to: finalSize)
        wheel(notches: 6)
    }

    private mutating func randomAction() {
        switch random.int(below: 100) {
        case 0..<22: move(to: randomPoint())
        case 22..<42: wheel(notches: (1 + random.int(below: 3)) * (random.int(below: 100) < 55 ? 1 : -1))
        case 42..<52: click()
        case 52..<60: drag()
        case 60..<98: key()
        default: resize(to: randomSize())
        }
    }

    /// Every command, in order.
    var lines: [String] { chunks.flatMap { $0 } }

    private mutating func append(_ line: String) {
        chunks[chunks.count - 1].append(line)
    }

    /// Home and four notches up (a pull past the refresh threshold), which end the chunk: the window lets the
    /// pull go, and refreshes, once the wheel has rested.
    private mutating func pull() {
        append("key --delay 0 Home")
        events += 2
        keyPresses += 1
        keyPressesThroughPulls.append(keyPresses)
        wheel(notches: -4)
        chunks.append([])
    }

    private mutating func move(to point: (x: Int, y: Int)) {
        guard point != pointer else { return }
        append("mousemove --window \(window) \(point.x) \(point.y)")
        pointer = point
        events += 1
    }

    private mutating func wheel(notches: Int) {
        append("click --delay 0 --repeat \(abs(notches)) \(notches > 0 ? 5 : 4)")
        events += 2 * abs(notches)
        netNotches += notches
    }

    /// A left click somewhere in the window: alone, or with Ctrl or Shift held.
    private mutating func click() {
        move(to: randomPoint())
        let modifier = [nil, nil, nil, "ctrl", "shift"][random.int(below: 5)]
        if let modifier { press(modifier, down: true) }
        append("click --delay 0 1")
        events += 2
        presses += 1
        releases += 1
        if let modifier { press(modifier, down: false) }
    }

    /// A press, two to six motions and a release: from the cards, or from the scroll bar's strip (a thumb drag or a
    /// click on its track).
    private mutating func drag() {
        let onTheBar = random.int(below: 100) < 35
        let start =
            onTheBar
            ? (x: size.width - 1 - random.int(below: 12), y: random.int(below: size.height - 20)) : randomPoint()
        move(to: start)
        append("mousedown 1")
        events += 1
        presses += 1
        for _ in 0..<(2 + random.int(below: 5)) {
            let before = pointer
            move(
                to: onTheBar && random.int(below: 4) > 0
                    ? (x: pointer.x, y: random.int(below: size.height)) : randomPoint())
            if pointer != before { draggedMotions += 1 }
        }
        append("mouseup 1")
        events += 1
        releases += 1
    }

    private static let keys: [(combo: String, weight: Int)] = [
        ("Up", 6), ("Down", 8), ("Left", 5), ("Right", 5), ("shift+Down", 3), ("shift+Up", 2), ("ctrl+Right", 2),
        ("ctrl+Down", 2),
        ("Tab", 5), ("shift+Tab", 4), ("Prior", 3), ("Next", 4), ("Home", 1), ("End", 1), ("space", 3),
        ("ctrl+space", 3),
        ("Escape", 3), ("ctrl+a", 1), ("Return", 2), ("F5", 1), ("Delete", 1), ("Insert", 2), ("r", 3),
    ]
    private static let keyWeights = keys.reduce(0) { $0 + $1.weight }

    private mutating func key() {
        var pick = random.int(below: Self.keyWeights)
        let combo =
            Self.keys.first { entry in
                pick -= entry.weight
                return pick < 0
            }?.combo ?? "Down"
        append("key --delay 0 \(combo)")
        let keysyms = combo.split(separator: "+").count
        events += 2 * keysyms
        keyPresses += keysyms
    }

    private mutating func press(_ modifier: String, down: Bool) {
        append("\(down ? "keydown" : "keyup") --delay 0 \(modifier)")
        events += 1
        if down { keyPresses += 1 }
    }

    /// Resizes the window to `newSize` (a ConfigureNotify when it changes) and moves the pointer back inside.
    private mutating func resize(to newSize: (width: Int, height: Int)) {
        if newSize != size {
            append("windowsize \(window) \(newSize.width) \(newSize.height)")
            events += 1
            resizes += 1
            size = newSize
        }
        move(to: (x: min(pointer.x, size.width - 1), y: min(pointer.y, size.height - 1)))
    }

    /// The next size, on the other side of the portrait/landscape threshold (at least 60 px past it, beyond the
    /// policy's 8 px hysteresis).
    private mutating func randomSize() -> (width: Int, height: Int) {
        isLandscape.toggle()
        if isLandscape {
            let width = 800 + random.int(below: 401)
            return (width, 500 + random.int(below: min(1000, width - 60) - 500 + 1))
        }
        let width = 500 + random.int(below: 301)
        return (width, width + 60 + random.int(below: 1000 - width - 60 + 1))
    }

    private mutating func randomPoint() -> (x: Int, y: Int) {
        (random.int(below: size.width), random.int(below: size.height))
    }
}
