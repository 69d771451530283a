/// One scroll valuator of an input device, as `XIQueryDevice` describes it in an `XIScrollClassInfo` (XInput 2.1).
struct ScrollValuator: Hashable, Sendable {
    /// Which way a scroll valuator scrolls.
    enum Axis: Hashable, Sendable {
        case vertical
        case horizontal
    }

    /// The valuator's number: its index among the device's valuators, and its bit in an event's valuator mask.
    var number: Int
    var axis: Axis
    /// How far the valuator moves for one wheel notch (a "click"): the server emulates a wheel button each time the
    /// valuator has moved this far. Negative when the driver inverts the direction (natural scrolling).
    var increment: Double
}

/// A scroll the valuators of one device made, in wheel notches (positive is down).
enum ValuatorScroll: Hashable, Sendable {
    /// A touchpad's fractional notches: the view scrolls by exactly this many wheel steps at once, pixel-precise
    /// and without a glide (the fingers already move smoothly).
    case precise(notches: Double)
    /// Whole notches of a wheel whose clicks arrive as valuator motion (libinput's and evdev's mice): scrolled as
    /// button 4 and 5 presses are, gliding. A fraction (a high-resolution wheel's eighth of a click) waits in the
    /// device until it adds up to a notch.
    case wheel(notches: Int)
}

/// Turns XInput 2 scroll valuator motion into wheel notches, the way GTK's and Qt's XI2 code does: per device, its
/// vertical scroll valuators and the last value seen of each; a motion's delta is the change since that value
/// divided by the valuator's increment. Pure: it knows no X types, so recorded sequences test it exactly.
///
/// - After a reset (the pointer entered the window, the window got the focus, the device or the device hierarchy
///   changed), a valuator's first value is only recorded: the valuators also move while the pointer is over
///   other windows, so the change since the last value seen here is no scroll of this window.
/// - For the same motion, the server also sends wheel button presses (4 and 5) with the `XIPointerEmulated` flag,
///   for older clients. A device whose vertical valuators are known here has those ignored
///   (`acceptsEmulatedWheelButton(fromDevice:)`), except a wheel's first click after a reset: its motion was only
///   recorded, so its emulated button is the only news of that click. A touchpad's are always ignored: its first
///   motion after a reset is a fraction of a notch at most, where a button would scroll a whole step. Buttons that
///   are not emulated (a core wheel, XTEST, `xdotool click 5`) and emulated ones of unknown devices always count.
/// - Horizontal valuators are not tracked: the view scrolls vertically only.
struct ScrollValuatorTranslator: Sendable {
    private struct Device: Sendable {
        var valuators: [ScrollValuator]
        var isTouchpad: Bool
        /// The last value seen of each vertical valuator since the last reset, by valuator number.
        var lastValues: [Int: Double] = [:]
        /// A wheel's fraction of a notch not yet scrolled.
        var remainder = 0.0
        /// Whether the last motion only recorded values (the first after a reset): the wheel buttons the server
        /// emulated for it stand for a click that would otherwise be lost.
        var lastMotionOnlyRecorded = true
    }

    private var devices: [Int32: Device] = [:]

    /// Adds a device, or replaces its valuators (after its classes changed), starting afresh. A device without
    /// vertical scroll valuators (or whose increments are 0 or not finite) is forgotten: its wheel buttons count.
    /// - Parameter isTouchpad: whether its scrolling is pixel-precise (`ValuatorScroll.precise`) rather than a
    ///   wheel's clicks (`ValuatorScroll.wheel`).
    mutating func setDevice(_ id: Int32, valuators: [ScrollValuator], isTouchpad: Bool) {
        let vertical = valuators.filter { $0.axis == .vertical && $0.increment.isFinite && $0.increment != 0 }
        devices[id] = vertical.isEmpty ? nil : Device(valuators: vertical, isTouchpad: isTouchpad)
    }

    /// Forgets a device that was removed or disabled.
    mutating func removeDevice(_ id: Int32) {
        devices[id] = nil
    }

    /// Forgets every device (before listing them again).
    mutating func removeAllDevices() {
        devices.removeAll()
    }

    /// The devices whose vertical scroll valuators are known, in increasing order.
    var deviceIDs: [Int32] { devices.keys.sorted() }

    /// Whether `id`'s scrolling is pixel-precise; `nil` for a device without known scroll valuators.
    func isTouchpad(_ id: Int32) -> Bool? { devices[id]?.isTouchpad }

    /// After a reset the next value of each of the device's valuators is only recorded.
    mutating func reset(device id: Int32) {
        guard var device = devices[id] else { return }
        Self.reset(&device)
        devices[id] = device
    }

    /// Resets every device: the pointer entered the window, or the window got the focus.
    mutating func resetAll() {
        for id in devices.keys { reset(device: id) }
    }

    private static func reset(_ device: inout Device) {
        device.lastValues.removeAll()
        device.remainder = 0
        device.lastMotionOnlyRecorded = true
    }

    /// Translates a motion of device `id` (the event's source device) whose valuator mask holds `values`
    /// (valuator number and value, for each bit set). Returns the scroll it makes, or `nil` when it makes none: an
    /// unknown device, no vertical scroll valuator in the motion, a first value after a reset, no change, or (for a
    /// wheel) less than a whole notch so far.
    mutating func motion(ofDevice id: Int32, values: [(number: Int, value: Double)]) -> ValuatorScroll? {
        guard var device = devices[id] else { return nil }
        defer { devices[id] = device }
        var notches = 0.0
        var sawVertical = false
        var recordedOnly = false
        for (number, value) in values where value.isFinite {
            guard let valuator = device.valuators.first(where: { $0.number == number }) else { continue }
            sawVertical = true
            if let last = device.lastValues[number] {
                notches += (value - last) / valuator.increment
            } else {
                recordedOnly = true
            }
            device.lastValues[number] = value
        }
        guard sawVertical else { return nil }
        device.lastMotionOnlyRecorded = recordedOnly && notches == 0
        guard notches != 0, notches.isFinite else { return nil }
        if device.isTouchpad { return .precise(notches: notches) }
        device.remainder += notches
        let whole = Self.wholeNotches(in: device.remainder)
        guard whole != 0 else { return nil }
        device.remainder -= Double(whole)
        return .wheel(notches: whole)
    }

    /// The whole notches in `notches`, towards zero; a value within 10⁻⁹ of a whole number counts as it (the sum of
    /// a few exact eighths is exact, but a driver's increment may not be a power of two).
    private static func wholeNotches(in notches: Double) -> Int {
        let nearest = notches.rounded()
        let whole = abs(notches - nearest) < 1e-9 ? nearest : notches.rounded(.towardZero)
        return whole.magnitude < 1e9 ? Int(whole) : 0
    }

    /// Whether a wheel button press (4 or 5) the server emulated from device `id`'s valuator motion
    /// (`XIPointerEmulated`) should scroll: not when the device's valuators already scrolled for it, that is, unless
    /// the device is unknown here, or is a wheel whose last motion was only recorded after a reset.
    func acceptsEmulatedWheelButton(fromDevice id: Int32) -> Bool {
        guard let device = devices[id] else { return true }
        return !device.isTouchpad && device.lastMotionOnlyRecorded
    }
}
