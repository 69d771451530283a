import Testing
import Waterfall

@testable import WaterfallX11

/// What a recorded XI2 event is.
private enum Kind {
    /// `XI_Motion` whose valuator mask holds the row's valuator with the row's value.
    case motion
    /// `XI_Enter` on the window (any device: the row's device and values are not read).
    case enter
    /// `XI_FocusIn` on the window.
    case focusIn
    /// `XI_DeviceChanged` for the row's device (a slave switch to it).
    case deviceChanged
    /// `XI_ButtonPress` of button 4 or 5 with `XIPointerEmulated`, from the row's device.
    case emulatedButton
}

/// What the translator made of a recorded event.
private enum Outcome: Equatable {
    case nothing
    case scroll(ValuatorScroll)
    /// An emulated wheel button, and whether it scrolls.
    case button(accepted: Bool)
}

/// The devices of the recordings, as XIQueryDevice lists them on a libinput desktop: a touchpad and a mouse with
/// scroll valuators 2 (horizontal) and 3 (vertical) of increment 15, a synaptics touchpad with natural scrolling
/// (increment -100), a high-resolution wheel (increment 120, moved in eighths), and XTEST's pointer, which has none.
private let touchpad: Int32 = 11
private let mouse: Int32 = 12
private let naturalTouchpad: Int32 = 13
private let hiResMouse: Int32 = 14
private let xtest: Int32 = 4

private func translator() -> ScrollValuatorTranslator {
    var translator = ScrollValuatorTranslator()
    let libinput = [
        ScrollValuator(number: 2, axis: .horizontal, increment: 15),
        ScrollValuator(number: 3, axis: .vertical, increment: 15),
    ]
    translator.setDevice(touchpad, valuators: libinput, isTouchpad: true)
    translator.setDevice(mouse, valuators: libinput, isTouchpad: false)
    translator.setDevice(
        naturalTouchpad,
        valuators: [
            ScrollValuator(number: 2, axis: .vertical, increment: -100),
            ScrollValuator(number: 3, axis: .horizontal, increment: -100),
        ],
        isTouchpad: true)
    translator.setDevice(
        hiResMouse, valuators: [ScrollValuator(number: 3, axis: .vertical, increment: 120)], isTouchpad: false)
    translator.setDevice(xtest, valuators: [], isTouchpad: false)
    return translator
}

/// Plays a recording of `(device, valuator, value, kind)` rows, one outcome per row.
private func play(_ rows: [(Int32, Int, Double, Kind)], on translator: inout ScrollValuatorTranslator) -> [Outcome] {
    rows.map { device, valuator, value, kind in
        switch kind {
        case .motion:
            return translator.motion(ofDevice: device, values: [(valuator, value)]).map(Outcome.scroll) ?? .nothing
        case .enter, .focusIn:
            translator.resetAll()
            return .nothing
        case .deviceChanged:
            translator.reset(device: device)
            return .nothing
        case .emulatedButton:
            return .button(accepted: translator.acceptsEmulatedWheelButton(fromDevice: device))
        }
    }
}

/// `ScrollValuatorTranslator` on recorded XI2 sequences: exact deltas, resets, emulated buttons, several devices.
struct ScrollValuatorTranslatorTests {
    @Test func aSmoothThreeNotchSwipeInFractionalStepsGivesItsStepsOverTheIncrement() {
        var translator = translator()
        let rows: [(Int32, Int, Double, Kind)] = [
            (touchpad, 0, 0, .enter),
            (touchpad, 3, 1834.5, .motion),  // the first value after entering is only recorded
            (touchpad, 3, 1836.75, .motion),
            (touchpad, 3, 1841.25, .motion),
            (touchpad, 3, 1848, .motion),
            (touchpad, 3, 1857, .motion),
            (touchpad, 0, 0, .emulatedButton),  // the server's button 5 for the first 15 units: dropped
            (touchpad, 3, 1864.5, .motion),
            (touchpad, 3, 1870.5, .motion),
            (touchpad, 3, 1875, .motion),
            (touchpad, 0, 0, .emulatedButton),
            (touchpad, 3, 1878, .motion),
            (touchpad, 3, 1879.5, .motion),  // 45 units: 3 notches
            (touchpad, 0, 0, .emulatedButton),
        ]
        let outcomes = play(rows, on: &translator)
        let steps: [Double] = [2.25, 4.5, 6.75, 9, 7.5, 6, 4.5, 3, 1.5]
        var expected: [Outcome] = [.nothing, .nothing] + steps[0..<4].map { .scroll(.precise(notches: $0 / 15)) }
        expected += [.button(accepted: false)] + steps[4..<7].map { .scroll(.precise(notches: $0 / 15)) }
        expected += [.button(accepted: false)] + steps[7..<9].map { .scroll(.precise(notches: $0 / 15)) }
        expected += [.button(accepted: false)]
        #expect(outcomes == expected)
    }

    @Test func theSwipeScrollsTheViewByExactlyThreeNotchesOfPixels() throws {
        var translator = translator()
        let values: [Double] = [1834.5, 1836.75, 1841.25, 1848, 1857, 1864.5, 1870.5, 1875, 1878, 1879.5]
        let outcomes = play(values.map { (touchpad, 3, $0, .motion) }, on: &translator)
        let view = CollectionView(layout: CollectionLayout(columnCount: 2), columnPolicy: .fixed(2), scrollBarWidth: 0)
        let source = FixedHeightSource(count: 40, height: 100)
        view.register(forCellWithReuseIdentifier: "cell") { CollectionViewCell(reuseIdentifier: "cell") }
        view.dataSource = source
        try view.setViewportSize(Size(width: 300, height: 200))
        for case .scroll(.precise(let notches)) in outcomes { view.scrollPrecisely(notches: notches, at: 0) }
        #expect(view.contentOffset == 3 * view.scroll.wheelStep)
        #expect(view.contentOffset == 192)
    }

    @Test func enteringOrTheFocusResetsEveryDeviceSoItsNextValueIsOnlyRecorded() {
        var translator = translator()
        let outcomes = play(
            [
                (touchpad, 3, 100, .motion),
                (touchpad, 3, 115, .motion),  // one notch
                (mouse, 3, 30, .motion),
                (mouse, 3, 45, .motion),  // one click
                (touchpad, 0, 0, .enter),  // the pointer was over other windows meanwhile
                (touchpad, 3, 415, .motion),  // 300 units later: no jump of 20 notches
                (mouse, 3, 90, .motion),  // every device was reset
                (touchpad, 3, 422.5, .motion),
                (touchpad, 0, 0, .focusIn),
                (touchpad, 3, 600, .motion),
                (touchpad, 3, 607.5, .motion),
            ], on: &translator)
        #expect(
            outcomes == [
                .nothing, .scroll(.precise(notches: 1)), .nothing, .scroll(.wheel(notches: 1)), .nothing,
                .nothing, .nothing, .scroll(.precise(notches: 0.5)), .nothing, .nothing,
                .scroll(.precise(notches: 0.5)),
            ])
    }

    @Test func aDeviceChangeResetsThatDeviceOnly() {
        var translator = translator()
        let outcomes = play(
            [
                (touchpad, 3, 0, .motion),
                (mouse, 3, 0, .motion),
                (touchpad, 0, 0, .deviceChanged),  // the master switched to the touchpad: its value may have jumped
                (touchpad, 3, 9000, .motion),
                (mouse, 3, 15, .motion),  // the mouse goes on
                (touchpad, 3, 9015, .motion),
            ], on: &translator)
        #expect(
            outcomes == [
                .nothing, .nothing, .nothing, .nothing, .scroll(.wheel(notches: 1)), .scroll(.precise(notches: 1)),
            ])
    }

    @Test func replacingADevicesValuatorsStartsItAfresh() {
        var translator = translator()
        #expect(
            play([(touchpad, 3, 0, .motion), (touchpad, 3, 15, .motion)], on: &translator) == [
                .nothing, .scroll(.precise(notches: 1)),
            ])
        // XI_DeviceChanged with new classes: the vertical valuator is now 4, of increment 30.
        translator.setDevice(
            touchpad, valuators: [ScrollValuator(number: 4, axis: .vertical, increment: 30)], isTouchpad: true)
        #expect(
            play([(touchpad, 3, 45, .motion), (touchpad, 4, 0, .motion), (touchpad, 4, 15, .motion)], on: &translator)
                == [.nothing, .nothing, .scroll(.precise(notches: 0.5))])
        translator.removeDevice(touchpad)
        #expect(
            play([(touchpad, 4, 30, .motion), (touchpad, 0, 0, .emulatedButton)], on: &translator)
                == [.nothing, .button(accepted: true)])
        #expect(translator.deviceIDs == [mouse, naturalTouchpad, hiResMouse])
        translator.removeAllDevices()
        #expect(translator.deviceIDs.isEmpty)
    }

    @Test func negativeIncrementsTurnTheDirection() {
        var translator = translator()
        let outcomes = play(
            [
                (naturalTouchpad, 2, 5000, .motion),
                (naturalTouchpad, 2, 4950, .motion),  // down by 50 with increment -100: half a notch down
                (naturalTouchpad, 2, 5025, .motion),  // up by 75: three quarters of a notch up
            ], on: &translator)
        #expect(outcomes == [.nothing, .scroll(.precise(notches: 0.5)), .scroll(.precise(notches: -0.75))])
    }

    @Test func severalDevicesAtOnceKeepTheirOwnValues() {
        var translator = translator()
        let outcomes = play(
            [
                (touchpad, 3, 1000, .motion),
                (naturalTouchpad, 2, 1000, .motion),
                (touchpad, 3, 1003, .motion),
                (naturalTouchpad, 2, 1010, .motion),
                (touchpad, 3, 1006, .motion),
                (naturalTouchpad, 2, 990, .motion),
            ], on: &translator)
        #expect(
            outcomes == [
                .nothing, .nothing, .scroll(.precise(notches: 0.2)), .scroll(.precise(notches: -0.1)),
                .scroll(.precise(notches: 0.2)), .scroll(.precise(notches: 0.2)),
            ])
    }

    @Test func horizontalValuatorsAreIgnored() {
        var translator = translator()
        let outcomes = play(
            [
                (touchpad, 2, 0, .motion),
                (touchpad, 2, 30, .motion),  // two notches right: the view scrolls vertically only
                (touchpad, 3, 0, .motion),
                (touchpad, 2, 60, .motion),
                (touchpad, 3, 15, .motion),  // the vertical valuator kept its own value
            ], on: &translator)
        #expect(outcomes == [.nothing, .nothing, .nothing, .nothing, .scroll(.precise(notches: 1))])
        // Both in one motion (a diagonal swipe), with the pointer's x and y: only the vertical one counts.
        #expect(
            translator.motion(ofDevice: touchpad, values: [(0, 1), (1, 2), (2, 90), (3, 22.5)])
                == .precise(notches: 0.5))
    }

    @Test func anEmulatedButtonIsIgnoredOnlyForADeviceWithValuators() {
        var translator = translator()
        let outcomes = play(
            [
                (xtest, 0, 0, .emulatedButton),  // XTEST has no scroll valuators: it counts
                (99, 0, 0, .emulatedButton),  // an unknown device: it counts
                (touchpad, 3, 0, .motion),
                (touchpad, 3, 15, .motion),
                (touchpad, 0, 0, .emulatedButton),  // the touchpad's valuators scrolled already
                (mouse, 3, 0, .motion),
                (mouse, 3, 15, .motion),
                (mouse, 0, 0, .emulatedButton),  // so did the mouse's
            ], on: &translator)
        #expect(
            outcomes == [
                .button(accepted: true), .button(accepted: true), .nothing, .scroll(.precise(notches: 1)),
                .button(accepted: false), .nothing, .scroll(.wheel(notches: 1)), .button(accepted: false),
            ])
    }

    @Test func aWheelsFirstClickAfterEnteringComesFromItsEmulatedButtonATouchpadsNever() {
        var translator = translator()
        let outcomes = play(
            [
                (mouse, 0, 0, .enter),
                (mouse, 3, 300, .motion),  // the click's motion is only recorded...
                (mouse, 0, 0, .emulatedButton),  // ...so its button scrolls the notch
                (mouse, 3, 315, .motion),
                (mouse, 0, 0, .emulatedButton),  // the next click's motion scrolled: its button does not
                (touchpad, 3, 40, .motion),
                (touchpad, 0, 0, .emulatedButton),  // a touchpad's never: its first motion is a fraction of a notch
            ], on: &translator)
        #expect(
            outcomes == [
                .nothing, .nothing, .button(accepted: true), .scroll(.wheel(notches: 1)),
                .button(accepted: false), .nothing, .button(accepted: false),
            ])
    }

    @Test func aHighResolutionWheelsEighthsAddUpToWholeNotches() {
        var translator = translator()
        var rows: [(Int32, Int, Double, Kind)] = [(hiResMouse, 3, 0, .motion)]
        rows += (1...20).map { (hiResMouse, 3, Double($0) * 15, .motion) }  // 20 eighths down
        rows += (1...7).map { (hiResMouse, 3, 300 - Double($0) * 15, .motion) }  // 7 eighths up
        let outcomes = play(rows, on: &translator)
        // Down: a notch at the 8th and at the 16th eighth, half a notch left over; the 7 eighths up leave -3/8.
        var expected = [Outcome](repeating: .nothing, count: rows.count)
        expected[8] = .scroll(.wheel(notches: 1))
        expected[16] = .scroll(.wheel(notches: 1))
        #expect(outcomes == expected)
        // Five more up: the fifth makes a whole notch up.
        #expect(translator.motion(ofDevice: hiResMouse, values: [(3, 180)]) == nil)
        #expect(translator.motion(ofDevice: hiResMouse, values: [(3, 165)]) == nil)
        #expect(translator.motion(ofDevice: hiResMouse, values: [(3, 150)]) == nil)
        #expect(translator.motion(ofDevice: hiResMouse, values: [(3, 135)]) == nil)
        #expect(translator.motion(ofDevice: hiResMouse, values: [(3, 120)]) == .wheel(notches: -1))
    }

    @Test func aWheelsFastSpinGivesItsWholeNotchesAtOnceAndKeepsTheFraction() {
        var translator = translator()
        let outcomes = play(
            [
                (mouse, 3, 0, .motion),
                (mouse, 3, 52.5, .motion),  // 3.5 clicks in one event: 3 now
                (mouse, 3, 60, .motion),  // half a click more: the fourth
            ], on: &translator)
        #expect(outcomes == [.nothing, .scroll(.wheel(notches: 3)), .scroll(.wheel(notches: 1))])
    }

    @Test func valuesThatAreNotFiniteAndValuatorsOfNoIncrementAreIgnored() {
        var translator = translator()
        translator.setDevice(
            20, valuators: [ScrollValuator(number: 3, axis: .vertical, increment: 0)], isTouchpad: true)
        #expect(translator.deviceIDs == [touchpad, mouse, naturalTouchpad, hiResMouse])  // neither XTEST nor device 20
        #expect(translator.acceptsEmulatedWheelButton(fromDevice: 20))
        #expect(
            play(
                [
                    (touchpad, 3, 0, .motion), (touchpad, 3, .nan, .motion), (touchpad, 3, .infinity, .motion),
                    (touchpad, 3, 7.5, .motion),
                ], on: &translator)
                == [.nothing, .nothing, .nothing, .scroll(.precise(notches: 0.5))])
        #expect(translator.isTouchpad(touchpad) == true)
        #expect(translator.isTouchpad(mouse) == false)
        #expect(translator.isTouchpad(xtest) == nil)
    }
}
