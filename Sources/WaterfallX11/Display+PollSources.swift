import Glibc

/// Another library's work that a display's event loop serves on its thread, beside the X connection and the windows'
/// wakes: descriptors to wait on and work to run when they are ready, as a toolkit embeds a foreign main loop
/// (GLib's prepare, poll and dispatch). The accessibility bridge serves GLib's main context this way, through which
/// atk-bridge speaks D-Bus.
///
/// The display's own loop (`WaterfallWindow.run()`) adds the sources' descriptors to its `poll` and their timeouts to
/// its own; a turn that does not wait (events were already queued) serves them without waiting. A program with a loop
/// of its own serves them when it calls `Display.processPendingEvents()`, without waiting on their descriptors.
public protocol DisplayPollSource: AnyObject {
    /// Called before the loop waits, on its thread: appends the descriptors the source waits on to `descriptors`
    /// (their `events`, `revents` 0) and returns the longest wait it allows, in milliseconds: -1 for no limit, 0
    /// when it has work now.
    func prepareToWait(_ descriptors: inout [pollfd]) -> Int32
    /// Called after the wait with the descriptors it appended, as `poll` returned them: does the work that is ready.
    func finishWait(_ descriptors: ArraySlice<pollfd>)
}

/// The sources a display's loop serves, and whether they were served since the last turn.
struct PollSources {
    var sources: [any DisplayPollSource] = []
    var servedSinceTurn = false
}

extension Display {
    /// Serves `source` in the display's event loop from its next wait on (see `DisplayPollSource`). Call it on the
    /// loop's thread.
    public func addPollSource(_ source: any DisplayPollSource) {
        guard !pollSources.sources.contains(where: { $0 === source }) else { return }
        pollSources.sources.append(source)
    }

    /// Stops serving `source`. It may be called from the source's own `finishWait`.
    public func removePollSource(_ source: any DisplayPollSource) {
        pollSources.sources.removeAll { $0 === source }
    }

    /// Appends every source's descriptors to `descriptors` and lowers `timeout` to what each allows; returns the
    /// sources with the range of the descriptors each appended.
    func preparePollSources(
        _ descriptors: inout [pollfd], timeout: inout Int32
    ) -> [(source: any DisplayPollSource, range: Range<Int>)] {
        pollSources.sources.map { source in
            let start = descriptors.count
            let allowed = source.prepareToWait(&descriptors)
            if allowed >= 0 { timeout = timeout < 0 ? allowed : min(timeout, allowed) }
            return (source, start..<descriptors.count)
        }
    }

    /// Hands each prepared source its descriptors as `poll` returned them.
    func finishPollSources(
        _ prepared: [(source: any DisplayPollSource, range: Range<Int>)], _ descriptors: [pollfd]
    ) {
        for (source, range) in prepared { source.finishWait(descriptors[range]) }
        pollSources.servedSinceTurn = true
    }

    /// Serves the sources without waiting, when the turn did not wait for them (events were already queued, or a
    /// program's own loop calls `processPendingEvents()`), so that a busy connection never starves them.
    func servePollSourcesIfNotWaited() {
        defer { pollSources.servedSinceTurn = false }
        guard !pollSources.servedSinceTurn, !pollSources.sources.isEmpty else { return }
        var descriptors: [pollfd] = []
        var timeout: Int32 = 0
        let prepared = preparePollSources(&descriptors, timeout: &timeout)
        if !descriptors.isEmpty { _ = poll(&descriptors, nfds_t(descriptors.count), 0) }
        finishPollSources(prepared, descriptors)
    }
}
