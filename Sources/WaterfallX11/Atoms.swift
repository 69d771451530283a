import CX11
import Glibc

/// The atoms the backend uses, interned once per connection in one batch: `XInternAtoms` sends every request before
/// it reads a reply, one round trip for all of them, where `XInternAtom` per name waits for each reply in turn.
/// Predefined atoms (`XA_STRING`, `XA_CARDINAL`, `XA_WM_CLIENT_MACHINE`...) need no interning.
struct Atoms {
    let wmProtocols: Atom
    let wmDeleteWindow: Atom
    let netWmName: Atom
    let utf8String: Atom
    let netWmPid: Atom
    let netWmWindowType: Atom
    let netWmWindowTypeNormal: Atom
    let netWmIcon: Atom
    let netStartupID: Atom
    let netStartupInfoBegin: Atom
    let netStartupInfo: Atom

    /// Every name interned, in one batch.
    static let names = [
        "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "UTF8_STRING", "_NET_WM_PID", "_NET_WM_WINDOW_TYPE",
        "_NET_WM_WINDOW_TYPE_NORMAL", "_NET_WM_ICON", "_NET_STARTUP_ID", "_NET_STARTUP_INFO_BEGIN", "_NET_STARTUP_INFO",
    ]

    /// Interns `names` on the connection `handle`.
    init(internedOn handle: OpaquePointer) {
        let interned = Self.intern(Self.names, on: handle)
        func atom(_ name: String) -> Atom {
            assert(interned[name] != nil, "\(name) is not in Atoms.names")
            return interned[name] ?? 0
        }
        wmProtocols = atom("WM_PROTOCOLS")
        wmDeleteWindow = atom("WM_DELETE_WINDOW")
        netWmName = atom("_NET_WM_NAME")
        utf8String = atom("UTF8_STRING")
        netWmPid = atom("_NET_WM_PID")
        netWmWindowType = atom("_NET_WM_WINDOW_TYPE")
        netWmWindowTypeNormal = atom("_NET_WM_WINDOW_TYPE_NORMAL")
        netWmIcon = atom("_NET_WM_ICON")
        netStartupID = atom("_NET_STARTUP_ID")
        netStartupInfoBegin = atom("_NET_STARTUP_INFO_BEGIN")
        netStartupInfo = atom("_NET_STARTUP_INFO")
    }

    /// `names` interned with one `XInternAtoms` call, by name (an atom the server could not make is 0).
    static func intern(_ names: [String], on handle: OpaquePointer) -> [String: Atom] {
        var strings: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: names.count)
        _ = XInternAtoms(handle, &strings, Int32(names.count), 0, &atoms)
        return Dictionary(uniqueKeysWithValues: zip(names, atoms))
    }
}
