extension WaterfallWindow {
    /// Ends the startup notification launch the window was made with, if any, once: broadcasts its `remove` message
    /// to the root window (see `StartupNotification`), from an unmapped input-only window made for the message and
    /// destroyed after it, as the spec describes. Called when the first frame is on screen.
    func completeStartupNotification() {
        guard let id = startupID else { return }
        startupID = nil
        let sender = display.createMessageWindow()
        defer {
            display.destroyWindow(sender)
            display.flush()
        }
        let payloads = StartupNotification.eventPayloads(of: StartupNotification.removeMessage(id: id))
        for (index, payload) in payloads.enumerated() {
            display.broadcastMessage(
                type: index == 0 ? display.atoms.netStartupInfoBegin : display.atoms.netStartupInfo,
                payload: payload, from: sender)
        }
    }
}
