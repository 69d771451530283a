/// The atoms the backend uses, interned once per connection in one batch: `XInternAtoms` sends every request before
/// it reads a reply, one round trip for all of them, where `XInternAtom` per name waits for each reply in turn.
/// Predefined atoms (`PredefinedAtom`) need no interning.
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
    let netWmState: Atom
    let netWmStateFullscreen: Atom
    let netSupported: Atom
    let netSupportingWmCheck: Atom
    let iccProfile: Atom
    /// The drag and drop protocol's (XDND, see XdndMessage.swift).
    let xdnd: XdndAtoms

    /// Every name interned, in one batch.
    static let names =
        [
            "WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "UTF8_STRING", "_NET_WM_PID", "_NET_WM_WINDOW_TYPE",
            "_NET_WM_WINDOW_TYPE_NORMAL", "_NET_WM_ICON", "_NET_STARTUP_ID", "_NET_STARTUP_INFO_BEGIN",
            "_NET_STARTUP_INFO",
            "_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN", "_NET_SUPPORTED", "_NET_SUPPORTING_WM_CHECK",
            "_ICC_PROFILE",
        ] + XdndAtoms.names

    /// The atoms of `names`, as `internAtoms` gave them in that order.
    init(_ interned: [Atom]) {
        let byName = Dictionary(uniqueKeysWithValues: zip(Self.names, interned))
        func atom(_ name: String) -> Atom {
            assert(byName[name] != nil, "\(name) is not in Atoms.names")
            return byName[name] ?? 0
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
        netWmState = atom("_NET_WM_STATE")
        netWmStateFullscreen = atom("_NET_WM_STATE_FULLSCREEN")
        netSupported = atom("_NET_SUPPORTED")
        netSupportingWmCheck = atom("_NET_SUPPORTING_WM_CHECK")
        iccProfile = atom("_ICC_PROFILE")
        xdnd = XdndAtoms(atom)
    }
}
