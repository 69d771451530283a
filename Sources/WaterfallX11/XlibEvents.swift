import CX11
import CXi

// Every read of Xlib's `XEvent` union and of XInput 2's event cookies, every event the backend sends, and every libXi
// call: the rest of the backend sees events as `XlibEvent` values.

/// One X event as the backend handles it, read from Xlib's `XEvent` where it arrives (`Display.nextEvent()`).
struct XlibEvent {
    /// The window the event is reported on (`xany.window`: for a structure event, the window that selected it); for
    /// an XInput 2 event, its `event` window, 0 for device changes.
    var window: UInt
    /// The serial of the last request the server had handled when it sent the event.
    var serial: UInt
    /// What happened.
    var kind: Kind
    /// For a key press on a window whose text entry is shown: the text it types, as the window's input context
    /// commits it (a composed "é", a server IM's "東京"); empty for a key that types nothing. `nil` otherwise.
    var committedText: String? = nil

    /// What happened, with what the backend reads of it.
    enum Kind {
        case expose
        case map
        case unmap
        case destroy
        /// The window's size, in pixels.
        case configure(width: Int32, height: Int32)
        case buttonPress(PointerEvent)
        case buttonRelease(PointerEvent)
        /// A motion: its `button` is 0.
        case motion(PointerEvent)
        /// The pointer entered, at (`x`, `y`).
        case enter(x: Int32, y: Int32)
        case leave
        case keyPress(keycode: UInt32, state: UInt32, time: XTimestamp)
        case keyRelease(time: XTimestamp)
        /// A message's type and format, and its five 32-bit items (`data.l`).
        case clientMessage(type: Atom, format: Int32, longs: [UInt])
        case selectionRequest(ConversionRequest)
        /// The owner of `selection` answered a conversion the window asked for (`XConvertSelection`): the data is in
        /// `property` of the window, or the owner refused (`property` 0).
        case selectionNotify(selection: Atom, target: Atom, property: Atom, time: XTimestamp)
        case selectionClear(selection: Atom, time: XTimestamp)
        /// A property of the window changed (`deleted`: was deleted).
        case propertyNotify(atom: Atom, deleted: Bool)
        /// An XInput 2 event (the display fetched and freed its data).
        case xinput(XInputEvent)
        /// The keyboard mapping changed (`MappingNotify`; Xlib's copy of the keymap is refreshed already).
        case keyboardMappingChanged
        /// Anything else: the event's type (X.h).
        /// MIT-SHM's completion event: an upload through `segment` finished (see SharedMemoryUploads.swift).
        case sharedMemoryCompletion(segment: UInt)
        /// An event the input method took (`XFilterEvent`): a dead key, a step of a Compose sequence, a key a
        /// server IM composes with. Nobody else handles it.
        case filtered
        case other(type: Int32)
    }
}

extension XlibEvent {
    /// `GenericEvent`: the type of an extension's event that is not XInput 2's (`.other`).
    static let genericEventType = GenericEvent
}

/// A core pointer event: press, release or motion.
struct PointerEvent: Equatable {
    /// The position in the window, in whole pixels.
    var x: Int32
    var y: Int32
    /// The button pressed or released (1 is the left, 4 and 5 the wheel); 0 for a motion.
    var button: UInt32
    /// The modifiers and buttons held before the event, and the keyboard group (bits 13 and 14).
    var state: UInt32
    var time: XTimestamp
    /// The position on the root window, in whole pixels: where a drag is, outside the window too.
    var rootX: Int32 = 0
    var rootY: Int32 = 0
}

/// A `SelectionRequest` event: `requestor` asks the owner for `selection` converted to `target` into `property`.
struct ConversionRequest {
    var owner: UInt
    var requestor: UInt
    var selection: Atom
    var target: Atom
    /// 0 (None) for an obsolete requestor.
    var property: Atom
    var time: XTimestamp
}

/// An XInput 2 event of the backend's selection.
enum XInputEvent {
    /// A press or release of a master pointer: as the core event it stands for, with the device that made it and
    /// whether the server emulated it from a scroll valuator's motion (`XIPointerEmulated`).
    case button(isPress: Bool, PointerEvent, sourceDevice: Int32, isEmulated: Bool)
    /// A motion, with the device that made it and the values of the valuators it moved (by number).
    case motion(PointerEvent, sourceDevice: Int32, valuators: [(number: Int, value: Double)])
    /// The pointer entered the window at (`x`, `y`).
    case enter(x: Int32, y: Int32)
    /// The keyboard focus came to the window.
    case focusIn
    /// A device's classes changed; `slaveSwitch` when only the master's source switched to `sourceDevice`.
    case deviceChanged(slaveSwitch: Bool, sourceDevice: Int32)
    /// Devices were added, removed, enabled or disabled.
    case hierarchyChanged
}

// MARK: Reading events

extension Display {
    /// The next event (`XNextEvent`, which waits for one). Every event is offered to the input method first
    /// (`XFilterEvent`), which may take it (`.filtered`). A keyboard mapping change refreshes Xlib's copy of the
    /// keymap here (`XRefreshKeyboardMapping`); an XInput 2 event's data is fetched and freed (`XGetEventData`,
    /// `XFreeEventData`) and read into an `XInputEvent`; a key press on a window whose text entry is shown carries the
    /// text it types (`committedText`).
    func nextEvent() -> XlibEvent {
        var event = XEvent()
        XNextEvent(handle, &event)
        let window = event.xany.window
        let serial = event.xany.serial
        if XFilterEvent(&event, 0) != 0 { return XlibEvent(window: window, serial: serial, kind: .filtered) }
        switch event.type {
        case Expose: return XlibEvent(window: window, serial: serial, kind: .expose)
        case MapNotify: return XlibEvent(window: window, serial: serial, kind: .map)
        case UnmapNotify: return XlibEvent(window: window, serial: serial, kind: .unmap)
        case DestroyNotify: return XlibEvent(window: window, serial: serial, kind: .destroy)
        case ConfigureNotify:
            return XlibEvent(
                window: window, serial: serial,
                kind: .configure(width: event.xconfigure.width, height: event.xconfigure.height))
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            let pointer = PointerEvent(
                x: button.x, y: button.y, button: button.button, state: button.state, time: button.time,
                rootX: button.x_root, rootY: button.y_root)
            return XlibEvent(
                window: window, serial: serial,
                kind: event.type == ButtonPress ? .buttonPress(pointer) : .buttonRelease(pointer))
        case MotionNotify:
            let motion = event.xmotion
            return XlibEvent(
                window: window, serial: serial,
                kind: .motion(
                    PointerEvent(
                        x: motion.x, y: motion.y, button: 0, state: motion.state, time: motion.time,
                        rootX: motion.x_root, rootY: motion.y_root)))
        case EnterNotify:
            return XlibEvent(window: window, serial: serial, kind: .enter(x: event.xcrossing.x, y: event.xcrossing.y))
        case LeaveNotify: return XlibEvent(window: window, serial: serial, kind: .leave)
        case KeyPress:
            return XlibEvent(
                window: window, serial: serial,
                kind: .keyPress(keycode: event.xkey.keycode, state: event.xkey.state, time: event.xkey.time),
                committedText: typedText(of: &event.xkey))
        case KeyRelease: return XlibEvent(window: window, serial: serial, kind: .keyRelease(time: event.xkey.time))
        case ClientMessage:
            let message = event.xclient
            return XlibEvent(
                window: window, serial: serial,
                kind: .clientMessage(
                    type: message.message_type, format: message.format,
                    longs: [message.data.l.0, message.data.l.1, message.data.l.2, message.data.l.3, message.data.l.4]
                        .map { UInt(bitPattern: $0) }))
        case SelectionRequest:
            let request = event.xselectionrequest
            return XlibEvent(
                window: window, serial: serial,
                kind: .selectionRequest(
                    ConversionRequest(
                        owner: request.owner, requestor: request.requestor, selection: request.selection,
                        target: request.target,
                        property: request.property, time: request.time)))
        case SelectionNotify:
            let notify = event.xselection
            return XlibEvent(
                window: notify.requestor, serial: serial,
                kind: .selectionNotify(
                    selection: notify.selection, target: notify.target, property: notify.property, time: notify.time))
        case SelectionClear:
            return XlibEvent(
                window: window, serial: serial,
                kind: .selectionClear(
                    selection: event.xselectionclear.selection,
                    time: event.xselectionclear.time))
        case PropertyNotify:
            return XlibEvent(
                window: window, serial: serial,
                kind: .propertyNotify(
                    atom: event.xproperty.atom,
                    deleted: event.xproperty.state == PropertyDelete))
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)  // the keyboard layout changed: look keys up anew
            return XlibEvent(window: 0, serial: serial, kind: .keyboardMappingChanged)
        case GenericEvent:
            return readGenericEvent(&event)
        case sharedMemoryUploads?.completionEventType:
            let segment = withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { $0.pointee.shmseg }
            }
            return XlibEvent(window: 0, serial: serial, kind: .sharedMemoryCompletion(segment: segment))
        default:
            return XlibEvent(window: window, serial: serial, kind: .other(type: event.type))
        }
    }

    /// The text key press `key` types into its window's text entry, while one is shown: what the window's input
    /// context commits, or the key's own character when no input method opened; `nil` when no entry is shown there.
    private func typedText(of key: inout XKeyEvent) -> String? {
        let id = key.window
        guard let window = windows.lazy.compactMap(\.window).first(where: { $0.windowID == id }),
            window.textEntry != nil
        else {
            return nil
        }
        if let context = window.textEntryState.inputContext { return context.committedText(of: &key) }
        return KeyText.withoutInputMethod(&key)
    }

    /// An XInput 2 event of the backend's selection, read from its cookie; another extension's generic event as
    /// `.other`.
    private func readGenericEvent(_ event: inout XEvent) -> XlibEvent {
        let serial = event.xcookie.serial
        let other = XlibEvent(window: 0, serial: serial, kind: .other(type: GenericEvent))
        guard event.xcookie.extension == xinputOpcode, XGetEventData(handle, &event.xcookie) != 0 else { return other }
        defer { XFreeEventData(handle, &event.xcookie) }
        guard let data = event.xcookie.data else { return other }
        switch event.xcookie.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let isPress = device.evtype == XI_ButtonPress
            return XlibEvent(
                window: device.event, serial: serial,
                kind: .xinput(
                    .button(
                        isPress: isPress, Self.pointerEvent(device, button: UInt32(bitPattern: device.detail)),
                        sourceDevice: device.sourceid, isEmulated: device.flags & XIPointerEmulated != 0)))
        case XI_Motion:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            return XlibEvent(
                window: device.event, serial: serial,
                kind: .xinput(
                    .motion(
                        Self.pointerEvent(device, button: 0), sourceDevice: device.sourceid,
                        valuators: Self.valuatorValues(device.valuators))))
        case XI_Enter:
            let enter = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            return XlibEvent(
                window: enter.event, serial: serial,
                kind: .xinput(.enter(x: Self.coreCoordinate(enter.event_x), y: Self.coreCoordinate(enter.event_y))))
        case XI_FocusIn:
            let focus = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            return XlibEvent(window: focus.event, serial: serial, kind: .xinput(.focusIn))
        case XI_DeviceChanged:
            let change = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            return XlibEvent(
                window: 0, serial: serial,
                kind: .xinput(
                    .deviceChanged(slaveSwitch: change.reason == XISlaveSwitch, sourceDevice: change.sourceid)))
        case XI_HierarchyChanged:
            return XlibEvent(window: 0, serial: serial, kind: .xinput(.hierarchyChanged))
        default:
            return other
        }
    }

    /// The core pointer event an XI2 press, release or motion stands for: its position in whole pixels of XI2's
    /// fractional one, `button`, the core state and the time.
    static func pointerEvent(_ device: XIDeviceEvent, button: UInt32) -> PointerEvent {
        PointerEvent(
            x: coreCoordinate(device.event_x), y: coreCoordinate(device.event_y), button: button,
            state: coreState(device), time: device.time, rootX: coreCoordinate(device.root_x),
            rootY: coreCoordinate(device.root_y))
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

    /// A core event's state for an XI2 device event: the effective modifiers, the buttons held before it
    /// (`Button1Mask`...`Button5Mask`) and the keyboard group (bits 13 and 14), as the server builds it.
    static func coreState(_ device: XIDeviceEvent) -> UInt32 {
        var state = UInt32(bitPattern: device.mods.effective) & 0xFF
        if let mask = device.buttons.mask {
            for button in 1...5
            where Int(device.buttons.mask_len) * 8 > button
                && waterfall_xi_mask_is_set(mask, Int32(button)) != 0
            {
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

// MARK: Sending events

extension Display {
    /// Answers a selection request (`XSendEvent` of a `SelectionNotify` to the requestor): `property` holds the
    /// conversion, or is 0 (None) for a refusal.
    func sendSelectionNotify(answering request: ConversionRequest, property: Atom) {
        var reply = XEvent()
        reply.xselection = XSelectionEvent(
            type: SelectionNotify, serial: 0, send_event: 1, display: handle,
            requestor: request.requestor, selection: request.selection, target: request.target,
            property: property, time: request.time)
        XSendEvent(handle, request.requestor, 0, 0, &reply)
    }

    /// Broadcasts a format-8 `ClientMessage` of `type` with `payload` (at most 20 bytes) from `window` to the root
    /// window's PropertyChangeMask listeners (`XSendEvent`), as startup notification messages go.
    func broadcastMessage(type: Atom, payload: [UInt8], from window: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = type
        event.xclient.format = 8
        withUnsafeMutableBytes(of: &event.xclient.data) { data in
            for (offset, byte) in payload.prefix(data.count).enumerated() { data[offset] = byte }
        }
        XSendEvent(handle, root, 0, PropertyChangeMask, &event)
    }

    /// Asks the window manager to change `window`'s EWMH state `state` (`_NET_WM_STATE` of type `messageType`): a
    /// format-32 `ClientMessage` to the root window's SubstructureRedirect and SubstructureNotify listeners
    /// (`XSendEvent`), `adding` it (action 1) or removing it (0), from a normal application (source 1).
    func requestWindowState(_ window: UInt, messageType: Atom, state: Atom, adding: Bool) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = messageType
        event.xclient.format = 32
        event.xclient.data.l.0 = adding ? 1 : 0
        event.xclient.data.l.1 = Int(state)
        event.xclient.data.l.3 = 1
        XSendEvent(handle, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    }

    /// Sends `window` a wheel notch through the server (`XSendEvent` of a button 4 or 5 press at (`x`, `y`), with the
    /// modifiers of `state` held), as a benchmark does to take the mouse's path.
    func sendWheelNotch(down: Bool, to window: UInt, x: Int32, y: Int32, state: UInt32 = 0) {
        var event = XEvent()
        event.xbutton.type = ButtonPress
        event.xbutton.display = handle
        event.xbutton.window = window
        event.xbutton.root = root
        event.xbutton.time = UInt(CurrentTime)
        event.xbutton.x = x
        event.xbutton.y = y
        event.xbutton.button = UInt32(down ? Button5 : Button4)
        event.xbutton.state = state
        event.xbutton.same_screen = 1
        XSendEvent(handle, window, 0, ButtonPressMask, &event)
    }
}

// MARK: XInput 2

/// XInput 2 as a display has it: the extension's opcode and the version the server agreed to.
struct XInputVersion {
    let opcode: Int32
    let major: Int32
    let minor: Int32
}

extension Display {
    /// XInput 2.2 if the server has it, else what it has (`XQueryExtension`, `XIQueryVersion`: two round trips); `nil`
    /// without the extension or below 2.1. The display's first XInput call registers it with libXi, under
    /// `ClientLibraryLock`.
    func queryXInput() -> XInputVersion? {
        var opcode: Int32 = 0
        var firstEvent: Int32 = 0
        var firstError: Int32 = 0
        guard XQueryExtension(handle, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        var major: Int32 = 2
        var minor: Int32 = 2
        let answered = ClientLibraryLock.run { XIQueryVersion(handle, &major, &minor) }
        guard answered == Success, major > 2 || (major == 2 && minor >= 1) else { return nil }
        return XInputVersion(opcode: opcode, major: major, minor: minor)
    }

    /// Selects, for every master device: presses, releases and motion on `window` (instead of their core events),
    /// and the pointer's entering it and the keyboard focus coming to it; for every device, on the root window (where
    /// the server sends hierarchy changes): devices added, removed, enabled or disabled, and devices whose classes
    /// changed or whose master switched to another source (`XISelectEvents`).
    func selectXInputEvents(on window: UInt) {
        selectXInput(
            [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_FocusIn], of: XIAllMasterDevices, on: window)
        selectXInput([XI_HierarchyChanged, XI_DeviceChanged], of: XIAllDevices, on: root)
    }

    private func selectXInput(_ types: [Int32], of device: Int32, on window: UInt) {
        var bits = [UInt8](repeating: 0, count: Int(waterfall_xi_event_mask_length()))
        for type in types { waterfall_xi_set_mask(&bits, type) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(handle, window, &mask, 1)
        }
    }

    /// Every slave pointer (`XIQueryDevice`): its id, name and scroll valuators (`XIScrollClassInfo`).
    func slavePointers() -> [(id: Int32, name: String, valuators: [ScrollValuator])] {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(handle, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(devices) }
        return UnsafeBufferPointer(start: devices, count: Int(max(0, count)))
            .filter { $0.use == XISlavePointer || $0.use == XIFloatingSlave }
            .map {
                (
                    $0.deviceid, $0.name.map { String(cString: $0) } ?? "",
                    Self.scrollValuators($0.classes, count: $0.num_classes)
                )
            }
    }

    /// The devices whose type is `type` in the XInput 1 device list (`XListInputDevices`; XI2's has no types).
    func inputDevices(ofType type: Atom) -> Set<Int32> {
        guard type != 0 else { return [] }
        var count: Int32 = 0
        guard let list = XListInputDevices(handle, &count) else { return [] }
        defer { XFreeDeviceList(list) }
        return Set(
            UnsafeBufferPointer(start: list, count: Int(max(0, count)))
                .filter { $0.type == type }.map { Int32(truncatingIfNeeded: $0.id) })
    }

    /// The `XIScrollClassInfo`s among a device's classes.
    private static func scrollValuators(
        _ classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?,
        count: Int32
    ) -> [ScrollValuator] {
        guard let classes else { return [] }
        return (0..<Int(max(0, count))).compactMap { index in
            guard let any = classes[index], any.pointee.type == XIScrollClass else { return nil }
            let scroll = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
            return ScrollValuator(
                number: Int(scroll.number),
                axis: scroll.scroll_type == XIScrollTypeVertical ? .vertical : .horizontal,
                increment: scroll.increment)
        }
    }
}
