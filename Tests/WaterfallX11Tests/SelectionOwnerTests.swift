import CX11
import Foundation
import Testing
import Waterfall
import XvfbSupport

@testable import WaterfallX11

/// The window's CLIPBOARD owner against a real server, asked by a second client of the test (`SelectionRequestor`)
/// as xclip asks: every target, obsolete requestors, times, INCR transfers side by side, requestors that vanish or
/// stall, and the loss of the selection.
@Suite(.serialized)
struct SelectionOwnerTests {
    /// What the window's `onKey` did with a key: whether `own` took the CLIPBOARD.
    final class KeyResult {
        var owned: Bool?
    }

    /// Makes the window's Ctrl+C take the CLIPBOARD with `text` at the key's time, sends it a Ctrl+C at `time` and
    /// turns the loop until the key was handled. Returns whether the CLIPBOARD was taken.
    func copy(_ text: String, window: WaterfallWindow, requestor: SelectionRequestor, at time: Time) throws -> Bool {
        let result = KeyResult()
        window.onKey = { [unowned window] _, _ in
            guard let keyTime = window.lastUserEventTime else { return }
            result.owned = window.clipboard.own(text, at: keyTime)
        }
        requestor.send(controlCKeyPress(on: window, from: requestor, at: time), to: window.windowID, mask: KeyPressMask)
        try drive(window, "Ctrl+C handled") { result.owned != nil }
        return result.owned ?? false
    }

    /// Reads `target` through `requestor` while the window's loop turns.
    func read(
        _ target: String, from window: WaterfallWindow, by requestor: SelectionRequestor,
        property: String? = "WATERFALL_TEST",
        time: Time = Time(CurrentTime)
    ) throws -> SelectionRead {
        let read = SelectionRead(requestor, target: target, property: property, time: time)
        try drive(window, "answer to \(target)") { read.step() }
        return read
    }

    /// Records the owner's events.
    func record(_ owner: SelectionOwner) -> EventRecorder {
        let recorder = EventRecorder()
        owner.onEvent = { recorder.events.append($0) }
        return recorder
    }

    final class EventRecorder {
        var events: [SelectionOwner.Event] = []
    }

    @Test func ctrlCTakesTheClipboardAtTheKeysTimeAndEveryTargetIsAnswered() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let requestor = try SelectionRequestor(on: xvfb)
        let time = try requestor.serverTime()
        let text = "Café 瀑布\nline two"
        #expect(try copy(text, window: window, requestor: requestor, at: time))
        #expect(window.lastUserEventTime == ServerTime(time))
        #expect(window.clipboard.ownershipTime == ServerTime(time))
        #expect(window.clipboard.ownsSelection)
        #expect(XGetSelectionOwner(requestor.display.handle, requestor.atom("CLIPBOARD")) == window.windowID)
        let events = record(window.clipboard)

        let targets = try read("TARGETS", from: window, by: requestor)
        #expect(targets.notifiedProperty == requestor.atom("WATERFALL_TEST"))
        #expect(targets.type == XA_ATOM && targets.format == 32)
        #expect(
            targets.longs.map { requestor.name(of: Atom($0)) } == [
                "TARGETS", "MULTIPLE", "TIMESTAMP", "UTF8_STRING", "STRING",
            ])

        let timestamp = try read("TIMESTAMP", from: window, by: requestor)
        #expect(timestamp.type == XA_INTEGER && timestamp.format == 32)
        #expect(timestamp.longs == [Int(time)])

        let utf8 = try read("UTF8_STRING", from: window, by: requestor)
        #expect(utf8.type == requestor.atom("UTF8_STRING") && utf8.format == 8)
        #expect(utf8.bytes == Array(text.utf8))
        #expect(utf8.incrSize == nil)

        let latin1 = try read("STRING", from: window, by: requestor)
        #expect(latin1.type == XA_STRING && latin1.format == 8)
        #expect(latin1.bytes == Array("Caf".utf8) + [0xE9] + Array(" ??\nline two".utf8))

        let text8 = try read("TEXT", from: window, by: requestor)
        #expect(text8.notifiedProperty == 0)  // refused: None
        let multiple = try read("MULTIPLE", from: window, by: requestor)
        #expect(multiple.notifiedProperty == 0)  // its property holds no pairs

        // An obsolete requestor names no property: the answer is in the property named by the target.
        let obsolete = try read("UTF8_STRING", from: window, by: requestor, property: nil)
        #expect(obsolete.notifiedProperty == requestor.atom("UTF8_STRING"))
        #expect(obsolete.bytes == Array(text.utf8))

        // A request made before the selection was taken is refused; one made at the very time is answered.
        #expect(try read("UTF8_STRING", from: window, by: requestor, time: time - 1).notifiedProperty == 0)
        #expect(try read("UTF8_STRING", from: window, by: requestor, time: time).bytes == Array(text.utf8))

        #expect(
            events.events == [
                .answered(target: "TARGETS", bytes: 20, incremental: false),
                .answered(target: "TIMESTAMP", bytes: 4, incremental: false),
                .answered(target: "UTF8_STRING", bytes: text.utf8.count, incremental: false),
                .answered(target: "STRING", bytes: 16, incremental: false),
                .refused(target: "TEXT"), .refused(target: "MULTIPLE"),
                .answered(target: "UTF8_STRING", bytes: text.utf8.count, incremental: false),
                .refused(target: "UTF8_STRING"),
                .answered(target: "UTF8_STRING", bytes: text.utf8.count, incremental: false),
            ])
        #expect(ErrorHandlers.recentErrors(on: window.display.handle).isEmpty)
    }

    @Test func multipleConvertsEachPairInOrderAndMarksTheFailedOnesNone() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let requestor = try SelectionRequestor(on: xvfb)
        let text = "Zoë 瀑布"
        #expect(try copy(text, window: window, requestor: requestor, at: try requestor.serverTime()))
        let events = record(window.clipboard)
        let pairs = [
            ("UTF8_STRING", "ONE"), ("TEXT", "TWO"), ("STRING", "THREE"), ("MULTIPLE", "FOUR"), ("TIMESTAMP", "FIVE"),
        ]
        requestor.setAtomPairs(
            requestor.atom("WATERFALL_PAIRS"), pairs.flatMap { [requestor.atom($0.0), requestor.atom($0.1)] })

        let multiple = try read("MULTIPLE", from: window, by: requestor, property: "WATERFALL_PAIRS")
        #expect(multiple.notifiedProperty == requestor.atom("WATERFALL_PAIRS"))
        // Written back: TEXT (not offered) and the nested MULTIPLE failed, so their properties are None.
        #expect(multiple.type == requestor.atom("ATOM_PAIR") && multiple.format == 32)
        #expect(
            multiple.longs.map { $0 == 0 ? "None" : requestor.name(of: Atom($0)) }
                == ["UTF8_STRING", "ONE", "TEXT", "None", "STRING", "THREE", "MULTIPLE", "None", "TIMESTAMP", "FIVE"])
        let one = requestor.takeProperty(requestor.atom("ONE"))
        #expect(one.type == requestor.atom("UTF8_STRING") && one.bytes == Array(text.utf8))
        let three = requestor.takeProperty(requestor.atom("THREE"))
        #expect(three.type == XA_STRING && three.bytes == Array("Zo".utf8) + [0xEB] + Array(" ??".utf8))
        #expect(requestor.takeProperty(requestor.atom("TWO")).type == 0)  // never written
        #expect(
            requestor.takeProperty(requestor.atom("FIVE")).longs == [Int(window.clipboard.ownershipTime!.milliseconds)])
        #expect(
            events.events == [
                .answered(target: "UTF8_STRING", bytes: text.utf8.count, incremental: false), .refused(target: "TEXT"),
                .answered(target: "STRING", bytes: 6, incremental: false), .refused(target: "MULTIPLE"),
                .answered(target: "TIMESTAMP", bytes: 4, incremental: false),
                .answered(target: "MULTIPLE", bytes: 40, incremental: false),
            ])

        // Pairs that all convert are left as the requestor wrote them; an obsolete requestor's MULTIPLE (no
        // property to hold pairs) is refused.
        requestor.setAtomPairs(
            requestor.atom("WATERFALL_PAIRS"), [requestor.atom("UTF8_STRING"), requestor.atom("ONE")])
        let single = try read("MULTIPLE", from: window, by: requestor, property: "WATERFALL_PAIRS")
        #expect(single.type == XA_ATOM && single.longs.map { requestor.name(of: Atom($0)) } == ["UTF8_STRING", "ONE"])
        #expect(requestor.takeProperty(requestor.atom("ONE")).bytes == Array(text.utf8))
        #expect(try read("MULTIPLE", from: window, by: requestor, property: nil).notifiedProperty == 0)
        #expect(ErrorHandlers.recentErrors(on: window.display.handle).isEmpty)
    }

    @Test func aKeyTimeLaterThanTheServersIsRefusedByTheServerAndOwnSaysSo() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let requestor = try SelectionRequestor(on: xvfb)
        let future = try requestor.serverTime() + 3_600_000  // an hour ahead: SetSelectionOwner has no effect
        #expect(try copy("text", window: window, requestor: requestor, at: future) == false)
        #expect(window.clipboard.ownsSelection == false)
        #expect(window.clipboard.text == nil)
        #expect(XGetSelectionOwner(requestor.display.handle, requestor.atom("CLIPBOARD")) == 0)
    }

    @Test func incrTransfersToTwoRequestorsRunSideBySideAndEachArrivesWhole() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let first = try SelectionRequestor(on: xvfb)
        let second = try SelectionRequestor(on: xvfb)
        let text = String((0..<10_500).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
        #expect(try copy(text, window: window, requestor: first, at: try first.serverTime()))
        window.clipboard.chunkSize = 1000
        let events = record(window.clipboard)

        let reads = [SelectionRead(first, target: "UTF8_STRING"), SelectionRead(second, target: "STRING")]
        var bothRunning = false
        try drive(window, "both transfers") {
            let finished = reads.map { $0.step() }
            if window.clipboard.transfersInProgress == 2 { bothRunning = true }
            return !finished.contains(false)
        }
        #expect(bothRunning)
        for read in reads {
            #expect(read.incrSize == 10_500)
            #expect(read.chunkSizes == Array(repeating: 1000, count: 10) + [500, 0])
            #expect(read.bytes == Array(text.utf8))
        }
        #expect(reads.map(\.type) == [first.atom("UTF8_STRING"), XA_STRING])
        #expect(window.clipboard.transfersInProgress == 0)
        #expect(
            Set(events.events.map { "\($0)" })
                == Set(
                    [
                        SelectionOwner.Event.answered(target: "UTF8_STRING", bytes: 10_500, incremental: true),
                        .answered(target: "STRING", bytes: 10_500, incremental: true),
                        .transferEnded(target: "UTF8_STRING", bytesSent: 10_500, end: .completed),
                        .transferEnded(target: "STRING", bytesSent: 10_500, end: .completed),
                    ].map { "\($0)" }))
        #expect(events.events.count == 4)
        #expect(ErrorHandlers.recentErrors(on: window.display.handle).isEmpty)
    }

    @Test func aRequestorDestroyedMidTransferEndsItAndTheWindowGoesOn() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let requestor = try SelectionRequestor(on: xvfb)
        let text = String(repeating: "x", count: 5000)
        #expect(try copy(text, window: window, requestor: requestor, at: try requestor.serverTime()))
        window.clipboard.chunkSize = 1000
        let events = record(window.clipboard)

        // The reader takes the first chunk and leaves the second in its property: once the window has written it, the
        // reader's window is destroyed (not after a deletion, which would ask for a third chunk that could race it).
        let read = SelectionRead(requestor, target: "UTF8_STRING")
        read.afterChunk = { read in read.stalls = true }
        var destroyed = false
        try drive(window, "the transfer's end") {
            _ = read.step()
            if !destroyed, window.clipboard.transfers.values.first?.offset == 2000 {
                // The window's connection may still hold the second chunk in its output buffer: it must reach the
                // server before the reader's window goes, or it lands on a missing window.
                window.display.sync()
                XDestroyWindow(requestor.display.handle, requestor.window)
                requestor.display.flush()
                destroyed = true
            }
            return events.events.count == 2
        }
        #expect(read.chunkSizes == [1000])
        #expect(
            events.events == [
                .answered(target: "UTF8_STRING", bytes: 5000, incremental: true),
                .transferEnded(target: "UTF8_STRING", bytesSent: 2000, end: .requestorDestroyed),
            ])
        #expect(window.clipboard.transfersInProgress == 0)
        #expect(window.clipboard.watchedWindows.isEmpty)
        // Destroying the window deleted its property without a PropertyNotify: nothing was sent to the missing window.
        window.display.sync()
        #expect(ErrorHandlers.recentErrors(on: window.display.handle).isEmpty)

        // The window answers the next requestor.
        let next = try SelectionRequestor(on: xvfb)
        window.clipboard.chunkSize = 65_536
        #expect(try self.read("UTF8_STRING", from: window, by: next).bytes == Array(text.utf8))
    }

    @Test func aRequestorGoneBeforeTheAnswerCostsABadWindowThatIsReportedAndSurvived() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let requestor = try SelectionRequestor(on: xvfb)
        let text = String(repeating: "y", count: 3000)
        #expect(try copy(text, window: window, requestor: requestor, at: try requestor.serverTime()))
        window.clipboard.chunkSize = 1000
        window.clipboard.transferTimeout = 0.2
        let events = record(window.clipboard)

        // The request reaches the window after its requestor's window is gone: each request about it fails.
        let gone = requestor.window
        _ = SelectionRead(requestor, target: "UTF8_STRING")
        XDestroyWindow(requestor.display.handle, gone)
        requestor.display.sync()
        try drive(window, "the stalled transfer's end") { events.events.count == 2 }
        #expect(
            events.events == [
                .answered(target: "UTF8_STRING", bytes: 3000, incremental: true),
                .transferEnded(target: "UTF8_STRING", bytesSent: 0, end: .timedOut),
            ])
        window.display.sync()
        let errors = ErrorHandlers.recentErrors(on: window.display.handle)
        // X_ChangeWindowAttributes (XSelectInput, to watch and to stop), X_ChangeProperty (INCR), X_SendEvent.
        #expect(errors.map(\.requestCode) == [2, 18, 25, 2])
        #expect(errors.allSatisfy { $0.errorCode == UInt8(BadWindow) && $0.resource == gone })

        let next = try SelectionRequestor(on: xvfb)
        #expect(try self.read("UTF8_STRING", from: window, by: next).bytes == Array(text.utf8))
    }

    @Test func aStalledRequestorIsDroppedAfterTheTimeoutAndItsWindowNoLongerWatched() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let requestor = try SelectionRequestor(on: xvfb)
        #expect(
            try copy(
                String(repeating: "z", count: 2500), window: window, requestor: requestor,
                at: try requestor.serverTime()))
        window.clipboard.chunkSize = 1000
        window.clipboard.transferTimeout = 0.2
        let events = record(window.clipboard)

        func eventMasks() -> Int {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(requestor.display.handle, requestor.window, &attributes)
            return attributes.all_event_masks
        }
        let read = SelectionRead(requestor, target: "UTF8_STRING")
        read.stalls = true  // takes the INCR property, then never a chunk
        try drive(window, "the transfer's start") {
            _ = read.step()
            return read.incrSize != nil
        }
        #expect(eventMasks() == PropertyChangeMask | StructureNotifyMask)  // the requestor's and the owner's
        try drive(window, "the timeout") {
            _ = read.step()
            return events.events.count == 2
        }
        #expect(
            events.events == [
                .answered(target: "UTF8_STRING", bytes: 2500, incremental: true),
                .transferEnded(target: "UTF8_STRING", bytesSent: 1000, end: .timedOut),
            ])
        window.display.sync()
        #expect(eventMasks() == PropertyChangeMask)  // the requestor's own only
        #expect(ErrorHandlers.recentErrors(on: window.display.handle).isEmpty)
    }

    @Test func theRequestorsConfigureNotifyIsNotTakenForTheWindows() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let requestor = try SelectionRequestor(on: xvfb)
        #expect(
            try copy(
                String(repeating: "w", count: 2000), window: window, requestor: requestor,
                at: try requestor.serverTime()))
        window.clipboard.chunkSize = 1000
        let read = SelectionRead(requestor, target: "UTF8_STRING")
        read.afterChunk = { read in
            if read.chunkSizes.count == 1 {
                XResizeWindow(read.requestor.display.handle, read.requestor.window, 300, 200)
            }
        }
        try drive(window, "the transfer") { read.step() }
        #expect(read.bytes.count == 2000)
        window.display.sync()
        try drive(window, "the window's queue read") { XPending(window.display.handle) == 0 }
        #expect(window.windowSize == Size(width: 120, height: 100))
        #expect(window.collectionView.viewportSize == Size(width: 120, height: 80))
    }

    @Test func anotherOwnerTakesTheSelectionThenRequestsAreRefusedAndAStaleClearIsIgnored() throws {
        let xvfb = try XvfbServer()
        let window = try makeSelectionWindow(on: xvfb)
        let requestor = try SelectionRequestor(on: xvfb)
        let time = try requestor.serverTime()
        #expect(try copy("mine", window: window, requestor: requestor, at: time))
        let events = record(window.clipboard)
        let clipboard = requestor.atom("CLIPBOARD")

        // A SelectionClear older than the ownership (from before the window took it) changes nothing.
        var stale = XEvent()
        stale.xselectionclear = XSelectionClearEvent(
            type: SelectionClear, serial: 0, send_event: 1, display: requestor.display.handle,
            window: window.windowID, selection: clipboard, time: time - 1)
        requestor.send(stale, to: window.windowID, mask: 0)
        #expect(try read("UTF8_STRING", from: window, by: requestor).bytes == Array("mine".utf8))
        #expect(window.clipboard.ownsSelection)

        // Another client takes it: the server sends the window a SelectionClear.
        XSetSelectionOwner(requestor.display.handle, clipboard, requestor.window, Time(CurrentTime))
        requestor.display.flush()
        try drive(window, "the loss") { !window.clipboard.ownsSelection }
        #expect(window.clipboard.text == nil)

        // A request that still reaches the window (sent to it directly) is refused.
        var request = XEvent()
        request.xselectionrequest = XSelectionRequestEvent(
            type: SelectionRequest, serial: 0, send_event: 1, display: requestor.display.handle,
            owner: window.windowID, requestor: requestor.window, selection: clipboard,
            target: requestor.atom("UTF8_STRING"), property: requestor.atom("WATERFALL_TEST"),
            time: Time(CurrentTime))
        requestor.send(request, to: window.windowID, mask: 0)
        var reply: XEvent?
        try drive(window, "the refusal") {
            while reply == nil, let event = requestor.nextEvent() {
                if event.type == SelectionNotify { reply = event }
            }
            return reply != nil
        }
        #expect(reply?.xselection.property == 0)
        #expect(
            events.events == [
                .answered(target: "UTF8_STRING", bytes: 4, incremental: false), .lost, .refused(target: "UTF8_STRING"),
            ])
    }
}
