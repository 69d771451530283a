/// INCR transfers (ICCCM 2.7.2): a text larger than `chunkSize` goes to its requestor a chunk per deletion of the
/// property, one transfer per requestor window and property.
extension SelectionOwner {
    struct TransferKey: Hashable {
        let requestor: UInt
        let property: Atom
    }

    struct Transfer {
        let target: Atom
        /// The property's type for the chunks (UTF8_STRING or STRING).
        let type: Atom
        let bytes: [UInt8]
        /// How many bytes were written so far.
        var offset = 0
        /// The stall timer, restarted at each chunk.
        var timer: TimerToken?
    }

    /// Starts an INCR transfer of `bytes`: watches the requestor's window (before anything it could react to), then
    /// writes the INCR property with the size (a lower bound, ICCCM says; here exact). The first chunk follows when
    /// the requestor deletes that property.
    func startTransfer(_ bytes: [UInt8], type: Atom, target: Atom, to requestor: UInt, property: Atom) {
        let key = TransferKey(requestor: requestor, property: property)
        watch(requestor)
        if transfers[key] != nil { end(key, .replaced) }
        changeProperty(property, on: requestor, type: atoms.incr, longs: [bytes.count])
        transfers[key] = Transfer(target: target, type: type, bytes: bytes)
        restartTimer(of: key)
    }

    /// Handles an event on the window of a requestor this owner watches, or watched until lately: a deletion of a
    /// transfer's property brings its next chunk, a DestroyNotify drops the window's transfers, anything else (the
    /// requestor's own property changes, its ConfigureNotify...) is swallowed, so the window never mistakes it for
    /// its own. Returns whether the event was such.
    func handleRequestorEvent(_ event: XlibEvent) -> Bool {
        guard !watchedWindows.isEmpty || !retiredWindows.isEmpty else { return false }
        if case .xinput = event.kind { return false }
        if case .other(let type) = event.kind, type == XlibEvent.genericEventType { return false }
        let eventWindow = event.window
        let serial = event.serial
        guard eventWindow != window else { return false }
        if watchedWindows[eventWindow] != nil {
            switch event.kind {
            case .propertyNotify(let atom, let deleted) where deleted:
                sendNextChunk(TransferKey(requestor: eventWindow, property: atom))
            case .destroy:
                for key in transfers.keys where key.requestor == eventWindow { end(key, .requestorDestroyed) }
            default:
                break
            }
            return true
        }
        let isLeftover = retiredWindows[eventWindow].map { serial < $0 } ?? false
        // Events come in order: once one was sent after the server stopped a window's events, no older one follows.
        if !retiredWindows.isEmpty { retiredWindows = retiredWindows.filter { $0.value > serial } }
        return isLeftover
    }

    /// Writes the next chunk of the transfer into its property (a zero-length one after the last, which ends it).
    /// The transfer ends before its zero-length chunk is written: the server stops the window's events first, while
    /// the window certainly exists (a requestor may destroy it as soon as it sees that chunk).
    private func sendNextChunk(_ key: TransferKey) {
        guard var transfer = transfers[key] else { return }
        let count = min(chunkSize, transfer.bytes.count - transfer.offset)
        if count == 0 { end(key, .completed) }
        changeProperty(
            key.property, on: key.requestor, type: transfer.type,
            bytes: transfer.bytes[transfer.offset..<(transfer.offset + count)])
        display.flush()
        guard count > 0 else { return }
        transfer.offset += count
        transfers[key] = transfer
        restartTimer(of: key)
    }

    /// Ends a transfer: stops its timer and, with its requestor's last transfer, the watch on its window.
    func end(_ key: TransferKey, _ reason: TransferEnd) {
        guard let transfer = transfers.removeValue(forKey: key) else { return }
        if let timer = transfer.timer { cancelTimer(timer) }
        unwatch(key.requestor, destroyed: reason == .requestorDestroyed)
        onEvent?(.transferEnded(target: name(of: transfer.target), bytesSent: transfer.offset, end: reason))
    }

    /// Drops the transfer when the requestor has not deleted its property `transferTimeout` seconds from now.
    private func restartTimer(of key: TransferKey) {
        if let timer = transfers[key]?.timer { cancelTimer(timer) }
        transfers[key]?.timer = scheduleTimer(transferTimeout) { [weak self] in
            self?.transfers[key]?.timer = nil
            self?.end(key, .timedOut)
            self?.display.flush()
        }
    }

    /// Selects PropertyChangeMask (the deletions) and StructureNotifyMask (its destruction) on a requestor's window,
    /// once for all its transfers.
    private func watch(_ requestor: UInt) {
        if watchedWindows[requestor] == nil {
            retiredWindows[requestor] = nil
            display.selectInput(requestor, [.propertyChange, .structureNotify])
        }
        watchedWindows[requestor, default: 0] += 1
    }

    /// Stops watching a requestor's window after its last transfer (a destroyed window needs no request).
    private func unwatch(_ requestor: UInt, destroyed: Bool) {
        guard let count = watchedWindows[requestor] else { return }
        guard count == 1 else {
            watchedWindows[requestor] = count - 1
            return
        }
        watchedWindows[requestor] = nil
        guard !destroyed else { return }
        retiredWindows[requestor] = display.nextRequestSerial
        display.selectInput(requestor, [])
    }
}
