import CX11
import CXi

/// XInput 2 (libXi) for one window: touchpads' pixel-precise scrolling through scroll valuators, as GTK's and Qt's
/// XI2 code does it. Every libXi call of the backend is in this file.
///
/// Once the window selects XI2 button and motion events, the server sends it no core `ButtonPress`,
/// `ButtonRelease` or `MotionNotify` of the pointer devices (XI2 delivery takes precedence, per event type), so all
/// the pointer's presses, releases and motion come this way. `translate(_:)` hands each on as the core event the
/// window's core event mask (`Window.eventMask`) would have received, and the window's one `switch` over event types
/// handles them as before; only what XI2 adds is new: the scroll valuators' motion (`ScrollValuatorTranslator`), and
/// the `XIPointerEmulated` wheel presses the server sends for that same motion, which are dropped.
///
/// Without XInput 2.1 (scroll classes and `XIPointerEmulated` came in 2.1) the window uses core events alone: wheels
/// still scroll through buttons 4 and 5, and touchpads through the buttons the server emulates.
final class XInput2 {
    /// What an XI2 event means for the window.
    enum Action {
        /// The core event (`ButtonPress`, `ButtonRelease`, `MotionNotify`, `EnterNotify`) the window would have
        /// received without XI2.
        case core(XEvent)
        /// A scroll made by a device's scroll valuators.
        case scroll(ValuatorScroll)
    }

    let display: Display
    /// The extension's major opcode, which its events' cookies carry.
    let opcode: Int32
    /// The XI2 version the server agreed to (2.1 or later).
    let version: (major: Int32, minor: Int32)
    /// The scroll valuators of the devices, and their last values.
    private(set) var scrolling = ScrollValuatorTranslator()
    /// The `TOUCHPAD` atom (`XI_TOUCHPAD`), the device type touchpad drivers (libinput, synaptics, evdev) give in
    /// `XListInputDevices`; 0 when no client or driver ever interned it.
    private let touchpadType: Atom

    /// Sets XInput 2 up for `window`: asks for XI 2.2 (`XIQueryVersion`), lists the devices' scroll valuators and
    /// selects the window's pointer events and, on the root window, device and hierarchy changes. Five round trips,
    /// once. Returns `nil`, selecting nothing, when the server has no XInput extension or an XI2 older than 2.1.
    init?(display: Display, window: UInt) {
        var opcode: Int32 = 0
        var firstEvent: Int32 = 0
        var firstError: Int32 = 0
        guard XQueryExtension(display.handle, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        var major: Int32 = 2
        var minor: Int32 = 2
        // The display's first XInput call, which registers it with libXi (see ClientLibraryLock).
        let answered = ClientLibraryLock.run { XIQueryVersion(display.handle, &major, &minor) }
        guard answered == Success, major > 2 || (major == 2 && minor >= 1) else { return nil }
        self.display = display
        self.opcode = opcode
        version = (major, minor)
        touchpadType = XInternAtom(display.handle, "TOUCHPAD", 1)
        listDevices()
        selectEvents(on: window)
    }

    /// Selects, for every master device: presses, releases and motion on `window` (instead of their core events),
    /// and the pointer's entering it and the keyboard focus coming to it (after which the valuators start afresh);
    /// for every device, on the root window (where the server sends hierarchy changes): devices added, removed,
    /// enabled or disabled, and devices whose classes changed or whose master switched to another source.
    private func selectEvents(on window: UInt) {
        select([XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_FocusIn], of: XIAllMasterDevices, on: window)
        select([XI_HierarchyChanged, XI_DeviceChanged], of: XIAllDevices, on: display.root)
    }

    private func select(_ types: [Int32], of device: Int32, on window: UInt) {
        var bits = [UInt8](repeating: 0, count: Int(waterfall_xi_event_mask_length()))
        for type in types { waterfall_xi_set_mask(&bits, type) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display.handle, window, &mask, 1)
        }
    }

    /// Lists every slave pointer's scroll valuators again (`XIQueryDevice`) and whether it is a touchpad: its type
    /// is `TOUCHPAD` (`XListInputDevices`), or its name says so. Every device starts afresh.
    private func listDevices() {
        scrolling.removeAllDevices()
        let touchpads = touchpadTypedDevices()
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display.handle, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        for device in UnsafeBufferPointer(start: devices, count: Int(max(0, count)))
        where device.use == XISlavePointer || device.use == XIFloatingSlave {
            let name = device.name.map { String(cString: $0) } ?? ""
            scrolling.setDevice(device.deviceid, valuators: Self.scrollValuators(device.classes, count: device.num_classes),
                                isTouchpad: touchpads.contains(device.deviceid) || Self.nameSuggestsTouchpad(name))
        }
    }

    /// The devices whose type is `TOUCHPAD`, from the XInput 1 device list (XI2's has no types).
    private func touchpadTypedDevices() -> Set<Int32> {
        guard touchpadType != 0 else { return [] }
        var count: Int32 = 0
        guard let list = XListInputDevices(display.handle, &count) else { return [] }
        defer { XFreeDeviceList(list) }
        return Set(UnsafeBufferPointer(start: list, count: Int(max(0, count)))
            .filter { $0.type == touchpadType }.map { Int32(truncatingIfNeeded: $0.id) })
    }

    /// The `XIScrollClassInfo`s among a device's classes.
    private static func scrollValuators(_ classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?,
                                        count: Int32) -> [ScrollValuator] {
        guard let classes else { return [] }
        return (0..<Int(max(0, count))).compactMap { index in
            guard let any = classes[index], any.pointee.type == XIScrollClass else { return nil }
            let scroll = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
            return ScrollValuator(number: Int(scroll.number),
                                  axis: scroll.scroll_type == XIScrollTypeVertical ? .vertical : .horizontal,
                                  increment: scroll.increment)
        }
    }

    /// Whether a device's name calls it a touchpad, for drivers that give no `TOUCHPAD` type: the kernel names most
    /// ("SynPS/2 Synaptics TouchPad", "ELAN0501:00 04F3:3060 Touchpad", "Apple Inc. Magic Trackpad 2").
    static func nameSuggestsTouchpad(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return lowercased.contains("touchpad") || lowercased.contains("trackpad")
    }

    /// Translates a `GenericEvent` whose data the display's loop has fetched (`XGetEventData`): the core events the
    /// XI2 device events on `window` stand for (unless the window's `coreEventMask` would not have received them),
    /// the scrolls of scroll valuators; a device or hierarchy change lists the devices again (two round trips, when a
    /// device comes or goes); entering the window and the focus coming to it reset the valuators. Returns `nil` for
    /// another window's device event (each window of a display is offered it in turn), and nothing for events of
    /// other extensions or a device change (which every window hears).
    func translate(_ event: inout XEvent, on window: UInt, coreEventMask: Int) -> [Action]? {
        guard event.xcookie.extension == opcode, let data = event.xcookie.data else { return [] }
        if let target = Self.eventWindow(evtype: event.xcookie.evtype, data: data), target != window { return nil }
        switch event.xcookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let isPress = device.evtype == XI_ButtonPress
            if isPress, device.detail == 4 || device.detail == 5, device.flags & XIPointerEmulated != 0,
               !scrolling.acceptsEmulatedWheelButton(fromDevice: device.sourceid) {
                return []
            }
            let wanted = Int(isPress ? ButtonPressMask : ButtonReleaseMask)
            guard coreEventMask & wanted != 0 else { return [] }
            return [.core(Self.coreButtonEvent(device, type: isPress ? ButtonPress : ButtonRelease))]
        case XI_Motion:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let values = Self.valuatorValues(device.valuators)
            var actions: [Action] = []
            if let scroll = scrolling.motion(ofDevice: device.sourceid, values: values) { actions.append(.scroll(scroll)) }
            let core = Self.coreMotionEvent(device)
            if Self.movesPointer(values), Self.coreEventMask(coreEventMask, selectsMotionWithState: core.xmotion.state) {
                actions.append(.core(core))
            }
            return actions
        case XI_Enter:
            scrolling.resetAll()
            let enter = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            guard coreEventMask & Int(EnterWindowMask) != 0 else { return [] }
            return [.core(Self.coreEnterEvent(enter))]
        case XI_FocusIn:
            scrolling.resetAll()
        case XI_DeviceChanged:
            let change = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            if change.reason == XISlaveSwitch {
                scrolling.reset(device: change.sourceid)
            } else {
                listDevices()
            }
        case XI_HierarchyChanged:
            listDevices()
        default:
            break
        }
        return []
    }

    /// The window a device, enter or focus event happened in (its `event` field); `nil` for device and hierarchy
    /// changes, which belong to no window.
    static func eventWindow(evtype: Int32, data: UnsafeMutableRawPointer) -> UInt? {
        switch evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion: return data.assumingMemoryBound(to: XIDeviceEvent.self).pointee.event
        case XI_Enter, XI_FocusIn: return data.assumingMemoryBound(to: XIEnterEvent.self).pointee.event
        default: return nil
        }
    }

    /// The values in an event's valuator state: for each bit set in its mask, in increasing order, the valuator's
    /// number and the next of its packed values.
    static func valuatorValues(_ state: XIValuatorState) -> [(number: Int, value: Double)] {
        guard let mask = state.mask, let values = state.values else { return [] }
        var result: [(number: Int, value: Double)] = []
        var next = 0
        for bit in 0..<(Int(max(0, state.mask_len)) * 8) where waterfall_xi_mask_is_set(mask, Int32(bit)) != 0 {
            result.append((bit, values[next]))
            next += 1
        }
        return result
    }

    /// Whether a motion moved the pointer (valuator 0 or 1, x or y, is in it) or is no valuator motion at all, so
    /// that a core server would have sent `MotionNotify`: a touchpad's scroll moves only its scroll valuators.
    static func movesPointer(_ values: [(number: Int, value: Double)]) -> Bool {
        values.isEmpty || values.contains { $0.number <= 1 }
    }

    /// Whether a core event mask selects `MotionNotify` with the pointer buttons of `state` held:
    /// `PointerMotionMask`, `ButtonMotionMask` with any button held, or `Button1MotionMask`...`Button5MotionMask`
    /// with that button held (the `ButtonNMask` state bits and the `ButtonNMotionMask` bits are the same bits).
    static func coreEventMask(_ mask: Int, selectsMotionWithState state: UInt32) -> Bool {
        let held = Int(state) & Int(Button1Mask | Button2Mask | Button3Mask | Button4Mask | Button5Mask)
        return mask & PointerMotionMask != 0 || (held != 0 && mask & ButtonMotionMask != 0) || mask & held != 0
    }

    /// The core `ButtonPress` or `ButtonRelease` for an XI2 press or release: its window, time, position (the
    /// whole pixels of XI2's fractional one), button and core state.
    static func coreButtonEvent(_ device: XIDeviceEvent, type: Int32) -> XEvent {
        var core = XEvent()
        core.xbutton.type = type
        core.xbutton.serial = device.serial
        core.xbutton.send_event = device.send_event
        core.xbutton.display = device.display
        core.xbutton.window = device.event
        core.xbutton.root = device.root
        core.xbutton.subwindow = device.child
        core.xbutton.time = device.time
        core.xbutton.x = coreCoordinate(device.event_x)
        core.xbutton.y = coreCoordinate(device.event_y)
        core.xbutton.x_root = coreCoordinate(device.root_x)
        core.xbutton.y_root = coreCoordinate(device.root_y)
        core.xbutton.state = coreState(device)
        core.xbutton.button = UInt32(bitPattern: device.detail)
        core.xbutton.same_screen = 1
        return core
    }

    /// The core `MotionNotify` for an XI2 motion.
    static func coreMotionEvent(_ device: XIDeviceEvent) -> XEvent {
        var core = XEvent()
        core.xmotion.type = MotionNotify
        core.xmotion.serial = device.serial
        core.xmotion.send_event = device.send_event
        core.xmotion.display = device.display
        core.xmotion.window = device.event
        core.xmotion.root = device.root
        core.xmotion.subwindow = device.child
        core.xmotion.time = device.time
        core.xmotion.x = coreCoordinate(device.event_x)
        core.xmotion.y = coreCoordinate(device.event_y)
        core.xmotion.x_root = coreCoordinate(device.root_x)
        core.xmotion.y_root = coreCoordinate(device.root_y)
        core.xmotion.state = coreState(device)
        core.xmotion.same_screen = 1
        return core
    }

    /// The core `EnterNotify` for an XI2 enter: its window, time and position, which the cursor follows.
    static func coreEnterEvent(_ enter: XIEnterEvent) -> XEvent {
        var core = XEvent()
        core.xcrossing.type = EnterNotify
        core.xcrossing.serial = enter.serial
        core.xcrossing.send_event = enter.send_event
        core.xcrossing.display = enter.display
        core.xcrossing.window = enter.event
        core.xcrossing.root = enter.root
        core.xcrossing.subwindow = enter.child
        core.xcrossing.time = enter.time
        core.xcrossing.x = coreCoordinate(enter.event_x)
        core.xcrossing.y = coreCoordinate(enter.event_y)
        core.xcrossing.x_root = coreCoordinate(enter.root_x)
        core.xcrossing.y_root = coreCoordinate(enter.root_y)
        core.xcrossing.mode = enter.mode
        core.xcrossing.detail = enter.detail
        core.xcrossing.same_screen = enter.same_screen
        core.xcrossing.focus = enter.focus
        return core
    }

    /// A core event's state for an XI2 device event: the effective modifiers, the buttons held before it
    /// (`Button1Mask`...`Button5Mask`) and the keyboard group (bits 13 and 14), as the server builds it.
    static func coreState(_ device: XIDeviceEvent) -> UInt32 {
        var state = UInt32(bitPattern: device.mods.effective) & 0xFF
        if let mask = device.buttons.mask {
            for button in 1...5 where Int(device.buttons.mask_len) * 8 > button
                && waterfall_xi_mask_is_set(mask, Int32(button)) != 0 {
                state |= UInt32(Button1Mask) << UInt32(button - 1)
            }
        }
        state |= (UInt32(bitPattern: device.group.effective) & 3) << 13
        return state
    }

    /// A fractional XI2 coordinate as a core event's whole one: rounded down, within the protocol's 16 bits.
    static func coreCoordinate(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(min(32_767, max(-32_768, value.rounded(.down))))
    }
}
