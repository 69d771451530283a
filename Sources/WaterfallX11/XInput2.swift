/// XInput 2 (libXi) for one window: touchpads' pixel-precise scrolling through scroll valuators, as GTK's and Qt's
/// XI2 code does it.
///
/// Once the window selects XI2 button and motion events, the server sends it no core `ButtonPress`,
/// `ButtonRelease` or `MotionNotify` of the pointer devices (XI2 delivery takes precedence, per event type), so all
/// the pointer's presses, releases and motion come this way. `translate(_:coreEventMask:)` hands each on as the core
/// event the window's core event mask (`Window.eventMask`) would have received, and the window's one `switch` over
/// event kinds handles them as before; only what XI2 adds is new: the scroll valuators' motion
/// (`ScrollValuatorTranslator`), and the `XIPointerEmulated` wheel presses the server sends for that same motion,
/// which are dropped. The libXi calls are in XlibEvents.swift.
///
/// Without XInput 2.1 (scroll classes and `XIPointerEmulated` came in 2.1) the window uses core events alone: wheels
/// still scroll through buttons 4 and 5, and touchpads through the buttons the server emulates.
final class XInput2 {
    /// What an XI2 event means for the window.
    enum Action {
        /// The core event (a press, a release, a motion, the pointer entering) the window would have received without
        /// XI2.
        case core(XlibEvent.Kind)
        /// A scroll made by a device's scroll valuators.
        case scroll(ValuatorScroll)
    }

    let display: Display
    /// The XI2 version the server agreed to (2.1 or later).
    let version: (major: Int32, minor: Int32)
    /// The scroll valuators of the devices, and their last values.
    private(set) var scrolling = ScrollValuatorTranslator()
    /// The `TOUCHPAD` atom (`XI_TOUCHPAD`), the device type touchpad drivers (libinput, synaptics, evdev) give in
    /// `XListInputDevices`; 0 when no client or driver ever interned it.
    private let touchpadType: Atom

    /// Sets XInput 2 up for `window`: asks for XI 2.2, lists the devices' scroll valuators and selects the window's
    /// pointer events and, on the root window, device and hierarchy changes. Five round trips, once. Returns `nil`,
    /// selecting nothing, when the server has no XInput extension or an XI2 older than 2.1.
    init?(display: Display, window: UInt) {
        guard let agreed = display.queryXInput() else { return nil }
        display.xinputOpcode = agreed.opcode
        self.display = display
        version = (agreed.major, agreed.minor)
        touchpadType = display.existingAtom("TOUCHPAD")
        listDevices()
        display.selectXInputEvents(on: window)
    }

    /// Lists every slave pointer's scroll valuators again and whether it is a touchpad: its type is `TOUCHPAD`, or
    /// its name says so. Every device starts afresh.
    private func listDevices() {
        scrolling.removeAllDevices()
        let touchpads = display.inputDevices(ofType: touchpadType)
        for device in display.slavePointers() {
            scrolling.setDevice(
                device.id, valuators: device.valuators,
                isTouchpad: touchpads.contains(device.id) || Self.nameSuggestsTouchpad(device.name))
        }
    }

    /// Whether a device's name calls it a touchpad, for drivers that give no `TOUCHPAD` type: the kernel names most
    /// ("SynPS/2 Synaptics TouchPad", "ELAN0501:00 04F3:3060 Touchpad", "Apple Inc. Magic Trackpad 2").
    static func nameSuggestsTouchpad(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return lowercased.contains("touchpad") || lowercased.contains("trackpad")
    }

    /// Translates an XI2 event of the window (or a device change, which every window hears): the core events its
    /// device events stand for (unless the window's `coreEventMask` would not have received them), the scrolls of
    /// scroll valuators; a device or hierarchy change lists the devices again (two round trips, when a device comes
    /// or goes); entering the window and the focus coming to it reset the valuators.
    func translate(_ event: XInputEvent, coreEventMask: EventMask) -> [Action] {
        switch event {
        case .button(let isPress, let pointer, let sourceDevice, let isEmulated):
            if isPress, pointer.button == 4 || pointer.button == 5, isEmulated,
                !scrolling.acceptsEmulatedWheelButton(fromDevice: sourceDevice)
            {
                return []
            }
            guard coreEventMask.contains(isPress ? .buttonPress : .buttonRelease) else { return [] }
            return [.core(isPress ? .buttonPress(pointer) : .buttonRelease(pointer))]
        case .motion(let pointer, let sourceDevice, let valuators):
            var actions: [Action] = []
            if let scroll = scrolling.motion(ofDevice: sourceDevice, values: valuators) {
                actions.append(.scroll(scroll))
            }
            if Self.movesPointer(valuators), Self.coreEventMask(coreEventMask, selectsMotionWithState: pointer.state) {
                actions.append(.core(.motion(pointer)))
            }
            return actions
        case .enter(let x, let y):
            scrolling.resetAll()
            return coreEventMask.contains(.enterWindow) ? [.core(.enter(x: x, y: y))] : []
        case .focusIn:
            scrolling.resetAll()
        case .deviceChanged(let slaveSwitch, let sourceDevice):
            if slaveSwitch { scrolling.reset(device: sourceDevice) } else { listDevices() }
        case .hierarchyChanged:
            listDevices()
        }
        return []
    }

    /// Whether a motion moved the pointer (valuator 0 or 1, x or y, is in it) or is no valuator motion at all, so
    /// that a core server would have sent `MotionNotify`: a touchpad's scroll moves only its scroll valuators.
    static func movesPointer(_ values: [(number: Int, value: Double)]) -> Bool {
        values.isEmpty || values.contains { $0.number <= 1 }
    }

    /// Whether a core event mask selects `MotionNotify` with the pointer buttons of `state` held:
    /// `PointerMotionMask`, `ButtonMotionMask` with any button held, or `Button1MotionMask`...`Button5MotionMask`
    /// with that button held (the `ButtonNMask` state bits and the `ButtonNMotionMask` bits are the same bits).
    static func coreEventMask(_ mask: EventMask, selectsMotionWithState state: UInt32) -> Bool {
        let held = Int(state & StateBits.buttons)
        return mask.contains(.pointerMotion) || (held != 0 && mask.contains(.buttonMotion)) || mask.rawValue & held != 0
    }
}
