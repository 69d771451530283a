import CAccessibility
import Glibc
import WaterfallX11

/// GLib's default main context served by a display's event loop (`DisplayPollSource`), through which atk-bridge
/// speaks D-Bus: one GLib iteration split around the loop's own `poll`, as `g_main_context_iterate` does it
/// (prepare and query before, check and dispatch after). Also the module's calls that start the bridge.
final class MainContextSource: DisplayPollSource {
    /// Runs before each wait, before GLib prepares: the tree tells what changed in the turn.
    var beforeWait: () -> Void = {}

    func prepareToWait(_ descriptors: inout [pollfd]) -> Int32 {
        beforeWait()
        var timeout: Int32 = -1
        let count = wf_main_context_prepare(&timeout)
        for index in 0..<count {
            var descriptor = pollfd(fd: -1, events: 0, revents: 0)
            wf_main_context_descriptor(index, &descriptor.fd, &descriptor.events)
            descriptors.append(descriptor)
        }
        return timeout
    }

    func finishWait(_ descriptors: ArraySlice<pollfd>) {
        for (index, descriptor) in zip(Int32(0)..., descriptors) {
            wf_main_context_set_returned_events(index, descriptor.revents)
        }
        wf_main_context_dispatch()
    }

    /// Takes GLib's default main context for the loop's thread; false when another thread runs it.
    static func acquire() -> Bool { wf_main_context_acquire() }

    /// Lets go of GLib's default main context.
    static func release() { wf_main_context_release() }
}

/// Where an accessibility bus may be, found without starting anything.
enum BusHint {
    /// No bus, and no session bus to ask.
    case none
    /// `AT_SPI_BUS_ADDRESS` names one.
    case address
    /// A session bus is there to ask whether the bus launcher runs.
    case sessionBus

    /// From the variables libdbus and libatspi read (`wf_accessibility_bus_hint`).
    static var current: BusHint {
        switch wf_accessibility_bus_hint() {
        case WFBusHintAddress: .address
        case WFBusHintSessionBus: .sessionBus
        default: .none
        }
    }

    /// Whether the environment turns atk-bridge off, as it reads it: `NO_AT_BRIDGE=1`.
    static var isDisabledByEnvironment: Bool { wf_accessibility_disabled_by_environment() }

    /// Asks the session bus on a thread of its own whether `org.a11y.Bus` runs, then calls `done` with the answer on
    /// the loop's thread, from GLib's main context (`wf_probe_session_bus`).
    static func probeSessionBus(_ done: @escaping (Bool) -> Void) {
        let box = Unmanaged.passRetained(ProbeAnswer(done)).toOpaque()
        wf_probe_session_bus(
            { context, found in
                guard let context else { return }
                Unmanaged<ProbeAnswer>.fromOpaque(context).takeRetainedValue().done(found)
            }, box)
    }

    /// Starts atk-bridge with `root` as the application (`wf_accessibility_start_bridge`); false when it could not.
    static func startBridge(root: AccessibleObject, toolkitName: String, toolkitVersion: String) -> Bool {
        wf_accessibility_start_bridge(root.pointer, toolkitName, toolkitVersion)
    }
}

/// The probe's callback, kept while the probe runs.
private final class ProbeAnswer {
    let done: (Bool) -> Void
    init(_ done: @escaping (Bool) -> Void) { self.done = done }
}
