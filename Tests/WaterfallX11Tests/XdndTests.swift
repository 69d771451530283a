import Testing

@testable import WaterfallX11

/// XDND's messages and its two state machines, without a display: what goes on the wire, in what order, and what a
/// target that never answers does.
struct XdndTests {
    /// Made-up atoms: each name's place in `XdndAtoms.names`, plus 100.
    static let atoms = XdndAtoms { name in Atom((XdndAtoms.names.firstIndex(of: name) ?? 0) + 100) }
    static let uriList = atoms.uriList
    static let copied: Atom = 900  // x-special/gnome-copied-files
    static let utf8: Atom = 901
    static let source: UInt = 0x40_0001
    static let gtk: UInt = 0x60_0003
    static let other: UInt = 0x70_0007

    func machine() -> XdndSource {
        XdndSource(source: Self.source, types: [Self.uriList, Self.copied, Self.utf8], atoms: Self.atoms)
    }

    @Test func messagesAreLaidOutAsTheSpecificationSays() {
        let atoms = Self.atoms
        let enter = XdndMessage.enter(source: 7, version: 5, types: [1, 2], moreTypes: true)
        #expect(enter.longs == [7, 5 << 24 | 1, 1, 2, 0])
        #expect(enter.type(atoms) == atoms.enter)
        let position = XdndMessage.position(source: 7, x: 1500, y: 300, time: 4242, action: atoms.actionCopy)
        #expect(position.longs == [7, 0, 1500 << 16 | 300, 4242, UInt(atoms.actionCopy)])
        #expect(
            XdndMessage.status(target: 9, accepts: true, wantsPositions: true, action: atoms.actionCopy).longs
                == [9, 3, 0, 0, UInt(atoms.actionCopy)])
        #expect(
            XdndMessage.status(target: 9, accepts: false, wantsPositions: false, action: atoms.actionCopy).longs
                == [9, 0, 0, 0, 0])
        #expect(XdndMessage.drop(source: 7, time: 99).longs == [7, 0, 99, 0, 0])
        #expect(
            XdndMessage.finished(target: 9, accepted: true, action: atoms.actionCopy).longs
                == [9, 1, UInt(atoms.actionCopy), 0, 0])
        // Each reads back as itself; a position off the root's top-left is clamped to 0.
        for message in [enter, position, .leave(source: 7), .drop(source: 7, time: 99)] {
            #expect(XdndMessage(type: message.type(atoms), longs: message.longs, atoms: atoms) == message)
        }
        #expect(
            XdndMessage.position(source: 7, x: -5, y: 70_000, time: 1, action: 0).longs[2] == 0 << 16 | 0xFFFF)
        #expect(XdndMessage(type: atoms.enter, longs: [1, 2], atoms: atoms) == nil)
        #expect(XdndMessage(type: 12345, longs: [0, 0, 0, 0, 0], atoms: atoms) == nil)
    }

    @Test func aDragOverATargetThatAcceptsDropsAndFinishes() {
        var drag = machine()
        let gtk = XdndSource.Target(window: Self.gtk, version: 5)
        #expect(drag.moved(over: nil, x: 10, y: 10, time: 1) == [])
        #expect(
            drag.moved(over: gtk, x: 1500, y: 300, time: 2) == [
                .cancelTimer, .report(.target(Self.gtk)),
                .send(
                    .enter(
                        source: Self.source, version: 5, types: [Self.uriList, Self.copied, Self.utf8], moreTypes: false
                    ), to: Self.gtk),
                .send(
                    .position(source: Self.source, x: 1500, y: 300, time: 2, action: Self.atoms.actionCopy),
                    to: Self.gtk),
                .startTimer,
            ])
        // Motion while the Status is awaited waits; only the newest goes once it comes.
        #expect(drag.moved(over: gtk, x: 1501, y: 300, time: 3) == [])
        #expect(drag.moved(over: gtk, x: 1502, y: 301, time: 4) == [])
        #expect(
            drag.received(.status(target: Self.gtk, accepts: true, wantsPositions: true, action: Self.atoms.actionCopy))
                == [
                    .cancelTimer, .cursor(accepts: true), .report(.status(accepts: true)),
                    .send(
                        .position(source: Self.source, x: 1502, y: 301, time: 4, action: Self.atoms.actionCopy),
                        to: Self.gtk),
                    .startTimer,
                ])
        // The release while that Status is awaited drops once it comes.
        #expect(drag.released(time: 5) == [])
        #expect(
            drag.received(.status(target: Self.gtk, accepts: true, wantsPositions: true, action: Self.atoms.actionCopy))
                == [
                    .cancelTimer, .send(.drop(source: Self.source, time: 5), to: Self.gtk), .startTimer,
                ])
        #expect(drag.moved(over: nil, x: 0, y: 0, time: 6) == [])  // after the drop, motion changes nothing
        #expect(
            drag.received(.finished(target: Self.gtk, accepted: true, action: Self.atoms.actionCopy)) == [
                .cancelTimer, .report(.ended(.dropped)),
            ])
        #expect(drag.isOver)
    }

    @Test func movingToAnotherTargetLeavesTheFirstAndReleasingWhereNoneAcceptsRefuses() {
        var drag = machine()
        let gtk = XdndSource.Target(window: Self.gtk, version: 5)
        _ = drag.moved(over: gtk, x: 1, y: 1, time: 1)
        _ = drag.received(.status(target: Self.gtk, accepts: true, wantsPositions: false, action: 0))
        #expect(
            drag.moved(over: XdndSource.Target(window: Self.other, version: 3), x: 2, y: 2, time: 2) == [
                .send(.leave(source: Self.source), to: Self.gtk), .cursor(accepts: false), .cancelTimer,
                .report(.target(Self.other)),
                .send(
                    .enter(
                        source: Self.source, version: 3, types: [Self.uriList, Self.copied, Self.utf8], moreTypes: false
                    ), to: Self.other),
                .send(
                    .position(source: Self.source, x: 2, y: 2, time: 2, action: Self.atoms.actionCopy), to: Self.other),
                .startTimer,
            ])
        // A Status from the window left behind is not this target's.
        #expect(drag.received(.status(target: Self.gtk, accepts: true, wantsPositions: false, action: 0)) == [])
        #expect(
            drag.received(.status(target: Self.other, accepts: false, wantsPositions: false, action: 0)) == [
                .cancelTimer
            ])
        #expect(
            drag.released(time: 3) == [
                .send(.leave(source: Self.source), to: Self.other), .cancelTimer, .report(.ended(.refused)),
            ])
    }

    @Test func aTargetThatNeverAnswersNeitherHoldsTheDragNorTheDrop() {
        var drag = machine()
        let hung = XdndSource.Target(window: Self.gtk, version: 5)
        _ = drag.moved(over: hung, x: 1, y: 1, time: 1)
        _ = drag.moved(over: hung, x: 5, y: 5, time: 2)
        // No Status in time: taken as a refusal, and the newest position goes on.
        #expect(
            drag.timedOut() == [
                .send(.position(source: Self.source, x: 5, y: 5, time: 2, action: Self.atoms.actionCopy), to: Self.gtk),
                .startTimer,
            ])
        // Released while a Status is awaited, and none comes: a Leave, timed out.
        #expect(drag.released(time: 3) == [])
        #expect(
            drag.timedOut() == [
                .send(.leave(source: Self.source), to: Self.gtk), .cancelTimer, .report(.ended(.timedOut)),
            ])
        #expect(drag.isOver && drag.timedOut() == [] && drag.cancel() == [])

        // A target that accepted, then never sends its Finished.
        var dropped = machine()
        _ = dropped.moved(over: hung, x: 1, y: 1, time: 1)
        _ = dropped.received(.status(target: Self.gtk, accepts: true, wantsPositions: false, action: 0))
        #expect(dropped.released(time: 2) == [.send(.drop(source: Self.source, time: 2), to: Self.gtk), .startTimer])
        #expect(dropped.timedOut() == [.cancelTimer, .report(.ended(.timedOut))])
    }

    @Test func escapeLeavesTheTargetAndAVersionFourFinishedIsADrop() {
        var drag = machine()
        _ = drag.moved(over: XdndSource.Target(window: Self.gtk, version: 4), x: 1, y: 1, time: 1)
        #expect(
            drag.cancel() == [
                .send(.leave(source: Self.source), to: Self.gtk), .cancelTimer, .report(.ended(.cancelled)),
            ])

        var old = machine()
        _ = old.moved(over: XdndSource.Target(window: Self.gtk, version: 4), x: 1, y: 1, time: 1)
        _ = old.received(.status(target: Self.gtk, accepts: true, wantsPositions: false, action: 0))
        _ = old.released(time: 2)
        #expect(old.received(.finished(target: Self.gtk, accepted: false, action: 0)).last == .report(.ended(.dropped)))

        var refused = machine()
        _ = refused.moved(over: XdndSource.Target(window: Self.gtk, version: 5), x: 1, y: 1, time: 1)
        _ = refused.received(.status(target: Self.gtk, accepts: true, wantsPositions: false, action: 0))
        _ = refused.released(time: 2)
        #expect(
            refused.received(.finished(target: Self.gtk, accepted: false, action: 0)).last == .report(.ended(.failed)))
    }

    @Test func aTargetTakesAListOfURIsAsACopyAndRefusesAnythingElse() {
        let window: UInt = 0x20_0001
        var drop = XdndTarget(window: window, atoms: Self.atoms)
        let enter = XdndMessage.enter(source: Self.gtk, version: 5, types: [Self.uriList], moreTypes: false)
        #expect(drop.received(enter, types: [Self.utf8, Self.uriList]) == [.report(.entered(acceptable: true))])
        let position = XdndMessage.position(source: Self.gtk, x: 1, y: 1, time: 10, action: Self.atoms.actionMove)
        #expect(
            drop.received(position) == [
                .send(
                    .status(target: window, accepts: true, wantsPositions: true, action: Self.atoms.actionCopy),
                    to: Self.gtk)
            ])
        // Another source's messages are not this drag's.
        #expect(drop.received(.position(source: Self.other, x: 1, y: 1, time: 11, action: 0)) == [])
        #expect(drop.received(.drop(source: Self.gtk, time: 12)) == [.requestData(time: 12), .startTimer])
        let list = Array("# a comment\r\nfile:///home/me/Pictures/a%20b\r\nfile:///tmp/c.jpg\n\r\n".utf8)
        #expect(
            drop.dataArrived(list) == [
                .cancelTimer,
                .send(.finished(target: window, accepted: true, action: Self.atoms.actionCopy), to: Self.gtk),
                .report(.dropped(uris: ["file:///home/me/Pictures/a%20b", "file:///tmp/c.jpg"])),
            ])
        #expect(drop.source == nil && !drop.awaitingData)

        // Text only: refused where it hovers, and its drop finished at once, unaccepted.
        #expect(drop.received(enter, types: [Self.utf8]) == [.report(.entered(acceptable: false))])
        #expect(
            drop.received(position) == [
                .send(
                    .status(target: window, accepts: false, wantsPositions: true, action: Self.atoms.actionCopy),
                    to: Self.gtk)
            ])
        #expect(
            drop.received(.drop(source: Self.gtk, time: 13)) == [
                .send(.finished(target: window, accepted: false, action: 0), to: Self.gtk), .report(.failed),
            ])

        // A source that never sends the data: finished unaccepted when the time is up.
        _ = drop.received(enter, types: [Self.uriList])
        _ = drop.received(.drop(source: Self.gtk, time: 14))
        #expect(
            drop.timedOut() == [
                .cancelTimer, .send(.finished(target: window, accepted: false, action: 0), to: Self.gtk),
                .report(.failed),
            ])
        // Version 2 sources are too old to speak with.
        #expect(
            drop.received(.enter(source: Self.gtk, version: 2, types: [], moreTypes: false), types: [Self.uriList])
                == [])
    }
}
