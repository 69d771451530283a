import CX11
import Foundation
import Glibc
import Testing
import Waterfall
import XvfbSupport

@testable import WaterfallX11

/// Records the items a view selected.
private final class SelectionRecorder: CollectionViewDelegate {
    var selected: [ItemPath] = []
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
        selected.append(indexPath)
    }
}

/// A window of one column of 50 px cells, with no status bar, and what it selected.
private struct TestWindow {
    let window: WaterfallWindow
    let source = FixedHeightSource(count: 100, height: 50)
    let recorder = SelectionRecorder()
    var view: CollectionView { window.collectionView }

    init(display: Display, title: String) throws {
        let view = CollectionView(layout: CollectionLayout(columnCount: 1), columnPolicy: .fixed(1))
        view.register(forCellWithReuseIdentifier: "cell") { CollectionViewCell(reuseIdentifier: "cell") }
        view.dataSource = source
        view.delegate = recorder
        view.isSmoothScrollingEnabled = false
        window = try WaterfallWindow(
            display: display, collectionView: view,
            configuration: .init(title: title, size: Size(width: 200, height: 220)))
    }

    /// The centre of item `item` in window coordinates.
    func centre(ofItem item: Int) throws -> (x: Int, y: Int) {
        let frame = try #require(view.frameOfItem(ItemPath(item: item, section: 0)))
        return (Int(frame.midX), Int(frame.midY))
    }
}

/// A program's own event loop: `poll` on the display's descriptors until the next timer, then
/// `processPendingEvents()`, until `done` (the deadline only bounds a hang: each pass waits on the descriptors).
func pump(_ display: Display, until done: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(20)
    while !done() {
        guard Date() < deadline else { throw X11TestError("the host loop's condition did not hold within 20 s") }
        var descriptors = display.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let timeout = display.timeUntilNextTimer.map { Int32(min(100, ($0 * 1000).rounded(.up))) } ?? 100
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        try display.processPendingEvents()
    }
}

/// Two windows on one display, driven by a host program's loop through the public API: each gets its own clicks
/// and wheel, draws its own frames, and one can stop while the other goes on.
@Suite(.serialized)
struct HostEventLoopTests {
    @Test func twoWindowsOnOneDisplayEachGetTheirOwnInputInAHostLoop() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let left = try TestWindow(display: display, title: "Left")
        let right = try TestWindow(display: display, title: "Right")
        #expect(left.window.statusBar == nil && left.window.viewportFrame == Rect(x: 0, y: 0, width: 200, height: 220))
        #expect(display.pollDescriptors.count == 3)  // the connection and the two wake pipes
        try pump(display) { left.window.framesPresented >= 1 && right.window.framesPresented >= 1 }
        try xdotool(["windowmove", "--sync", String(right.window.windowID), "300", "0"], display: xvfb.display)

        let leftItem = try left.centre(ofItem: 1)
        try xdotool(
            [
                "mousemove", "--window", String(left.window.windowID), String(leftItem.x), String(leftItem.y), "click",
                "1",
            ],
            display: xvfb.display)
        try pump(display) { !left.recorder.selected.isEmpty }
        #expect(left.recorder.selected == [ItemPath(item: 1, section: 0)])
        #expect(right.recorder.selected.isEmpty)

        let rightItem = try right.centre(ofItem: 0)
        try xdotool(
            [
                "mousemove", "--window", String(right.window.windowID), String(rightItem.x), String(rightItem.y),
                "click", "1", "click", "5", "click", "5",
            ], display: xvfb.display)
        let step = right.view.scroll.wheelStep
        try pump(display) { right.view.contentOffset == 2 * step }
        #expect(right.recorder.selected == [ItemPath(item: 0, section: 0)])
        #expect(left.recorder.selected == [ItemPath(item: 1, section: 0)])
        #expect(left.view.contentOffset == 0)

        // The left window stops; the loop goes on serving the right one.
        left.window.stop()
        try display.processPendingEvents()
        #expect(left.window.exitReason == .stopped)
        #expect(display.pollDescriptors.count == 2)
        let leftFrames = left.window.framesPresented
        try xdotool(["click", "4"], display: xvfb.display)
        try pump(display) { right.view.contentOffset == step }
        #expect(left.window.framesPresented == leftFrames)
        #expect(right.window.exitReason == nil)
        #expect(ErrorHandlers.recentErrors(on: display.handle).isEmpty)
    }

    /// A program that changes a view between turns (from its own loop, not from an event's callback) gets its frame
    /// in the next turn: neither loop sleeps on it waiting for an event that may never come.
    @Test func aViewChangedBetweenTurnsIsDrawnWithoutWaitingForAnEvent() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let test = try TestWindow(display: display, title: "Idle")
        try pump(display) {
            test.window.framesPresented >= 1 && display.timeUntilNextTimer == nil && !display.hasPendingEvents
        }
        #expect(display.pollTimeout == -1)  // idle: `run()` sleeps until an event

        test.view.setContentOffset(120)
        #expect(display.timeUntilNextTimer == 0)
        #expect(display.pollTimeout == 0)
        let frames = test.window.framesPresented
        try display.processPendingEvents()
        #expect(test.window.framesPresented == frames + 1)
        #expect(display.timeUntilNextTimer == nil)
        #expect(display.pollTimeout == -1)
    }

    /// An event a round trip read into Xlib's queue leaves nothing to read on the connection, so a host loop's `poll`
    /// would sleep on it: `timeUntilNextTimer` says 0 until a turn has handled it.
    @Test func anEventQueuedByARoundTripMakesTheNextTurnDueAtOnce() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let test = try TestWindow(display: display, title: "Queued")
        try pump(display) { test.window.framesPresented >= 1 && display.timeUntilNextTimer == nil }
        XMoveWindow(display.handle, test.window.windowID, 10, 10)  // a ConfigureNotify for the window
        display.sync()  // read, with the reply, into Xlib's queue
        #expect(display.timeUntilNextTimer == 0)
        try display.processPendingEvents()
        #expect(display.timeUntilNextTimer == nil)
    }
}
