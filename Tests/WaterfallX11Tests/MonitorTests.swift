import Testing

@testable import WaterfallX11

/// Which monitor a point or a window is on, over the monitors a laptop with an external screen has.
struct MonitorTests {
    /// A 1920 × 1080 laptop screen with a 2560 × 1440 screen to its right, tops aligned.
    static let laptop = Monitor(name: "eDP-1", isPrimary: true, x: 0, y: 0, width: 1920, height: 1080)
    static let external = Monitor(name: "HDMI-1", x: 1920, y: 0, width: 2560, height: 1440)
    static let pair = [laptop, external]

    @Test func thePointerIsOnTheMonitorThatHoldsItAndEdgesBelongToTheRight() {
        #expect(Self.pair.monitor(atX: 100, y: 100) == Self.laptop)
        #expect(Self.pair.monitor(atX: 1919, y: 1079) == Self.laptop)
        #expect(Self.pair.monitor(atX: 1920, y: 0) == Self.external)
        #expect(Self.pair.monitor(atX: 4479, y: 1439) == Self.external)
        // Below the laptop's bottom, where only the taller external screen reaches: no monitor.
        #expect(Self.pair.monitor(atX: 100, y: 1200) == nil)
        #expect(Self.pair.monitor(atX: 4480, y: 0) == nil)
    }

    @Test func aMonitorOverTheWholeScreenIsTheLastChoice() {
        // Xvfb with `xrandr --setmonitor` keeps its output's monitor over the whole screen beside the new ones.
        let whole = Monitor(name: "screen", x: 0, y: 0, width: 4480, height: 1440)
        let monitors = [whole, Self.laptop, Self.external]
        #expect(monitors.monitor(atX: 2000, y: 10) == Self.external)
        #expect(monitors.monitor(atX: 100, y: 1200) == whole)
        #expect(monitors.monitor(showingMostOfWindowAtX: 2000, y: 10, width: 800, height: 600) == Self.external)
    }

    @Test func aWindowIsOnTheMonitorThatShowsMostOfIt() {
        // 300 of 800 columns on the laptop, 500 on the external screen.
        #expect(Self.pair.monitor(showingMostOfWindowAtX: 1620, y: 0, width: 800, height: 600) == Self.external)
        #expect(Self.pair.monitor(showingMostOfWindowAtX: 1420, y: 0, width: 800, height: 600) == Self.laptop)
        // Half and half: the smaller monitor.
        #expect(Self.pair.monitor(showingMostOfWindowAtX: 1520, y: 0, width: 800, height: 600) == Self.laptop)
        // Two monitors of one size showing equal halves: the first listed.
        let twins = [
            Monitor(name: "A", x: 0, y: 0, width: 1024, height: 768),
            Monitor(name: "B", x: 1024, y: 0, width: 1024, height: 768),
        ]
        #expect(twins.monitor(showingMostOfWindowAtX: 824, y: 0, width: 400, height: 300)?.name == "A")
        #expect(twins.monitor(showingMostOfWindowAtX: 825, y: 0, width: 400, height: 300)?.name == "B")
    }

    @Test func aWindowOffEveryMonitorIsOnTheNearestAndNoMonitorsIsNone() {
        // Below the laptop, where no monitor reaches: its centre is 171 pixels below the laptop, 1,720 left of the other.
        #expect(Self.pair.monitor(showingMostOfWindowAtX: 100, y: 1200, width: 200, height: 100) == Self.laptop)
        #expect(Self.pair.monitor(showingMostOfWindowAtX: 5000, y: 100, width: 200, height: 100) == Self.external)
        #expect([Monitor]().monitor(showingMostOfWindowAtX: 0, y: 0, width: 10, height: 10) == nil)
        #expect([Monitor]().monitor(atX: 0, y: 0) == nil)
    }
}
