import CX11

extension WaterfallWindow {
    /// Ends the startup notification launch the window was made with, if any, once: broadcasts its `remove` message
    /// to the root window (see `StartupNotification`), from an unmapped input-only window made for the message and
    /// destroyed after it, as the spec describes. Called when the first frame is on screen.
    func completeStartupNotification() {
        guard let id = startupID else { return }
        startupID = nil
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let sender = XCreateWindow(display.handle, display.root, -100, -100, 1, 1, 0, 0, UInt32(InputOnly), nil,
                                   UInt(CWOverrideRedirect), &attributes)
        defer {
            XDestroyWindow(display.handle, sender)
            display.flush()
        }
        let payloads = StartupNotification.eventPayloads(of: StartupNotification.removeMessage(id: id))
        for (index, payload) in payloads.enumerated() {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = sender
            event.xclient.message_type = index == 0 ? display.atoms.netStartupInfoBegin : display.atoms.netStartupInfo
            event.xclient.format = 8
            withUnsafeMutableBytes(of: &event.xclient.data) { data in
                for (offset, byte) in payload.enumerated() { data[offset] = byte }
            }
            XSendEvent(display.handle, display.root, 0, PropertyChangeMask, &event)
        }
    }
}
