import Glibc

/// The properties a window manager, a task bar and a launcher read besides the title and class: whose process the
/// window is (`_NET_WM_PID` with `WM_CLIENT_MACHINE`), what kind of window it is (`_NET_WM_WINDOW_TYPE`), its icon
/// (`_NET_WM_ICON`) and the launch it ends (`_NET_STARTUP_ID`).
extension Window {
    /// Sets `_NET_WM_PID` (CARDINAL, this process's id) with `WM_CLIENT_MACHINE` (STRING, the host name: EWMH and
    /// ICCCM give a pid meaning only with the machine it runs on, so a window manager can kill a hung client), and
    /// `_NET_WM_WINDOW_TYPE` (ATOM) = `_NET_WM_WINDOW_TYPE_NORMAL`, a top-level window.
    func setProcessProperties() {
        display.changeProperty(
            PredefinedAtom.wmClientMachine, of: id, type: PredefinedAtom.string, bytes: latin1Bytes(Self.hostName)[...])
        display.changeProperty(display.atoms.netWmPid, of: id, type: PredefinedAtom.cardinal, longs: [Int(getpid())])
        display.changeProperty(
            display.atoms.netWmWindowType, of: id, type: PredefinedAtom.atom,
            longs: [Int(bitPattern: display.atoms.netWmWindowTypeNormal)])
    }

    /// Sets `_NET_STARTUP_ID` (UTF8_STRING): the startup notification launch the window belongs to.
    func setStartupID(_ startupID: String) {
        display.changeProperty(
            display.atoms.netStartupID, of: id, type: display.atoms.utf8String, bytes: Array(startupID.utf8)[...])
    }

    /// Sets `_NET_WM_ICON` (CARDINAL) to `values` (see `WindowIcon.propertyValue(of:)`), or deletes it when empty.
    func setIcon(_ values: [Int]) {
        if values.isEmpty {
            display.deleteProperty(display.atoms.netWmIcon, of: id)
        } else {
            display.changeProperty(display.atoms.netWmIcon, of: id, type: PredefinedAtom.cardinal, longs: values)
        }
    }

    /// WM_CLASS's instance name by default, as ICCCM has it: `RESOURCE_NAME` from the environment, else the last
    /// component of the program's path (`argv[0]`).
    static var defaultInstanceName: String {
        if let name = getenv("RESOURCE_NAME").map({ String(cString: $0) }), !name.isEmpty { return name }
        let path = CommandLine.arguments.first ?? ""
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "waterfall" : name
    }

    /// WM_CLASS's class name by default: the instance name with its first letter in upper case, as GTK makes it.
    static func defaultClassName(instanceName: String) -> String {
        instanceName.prefix(1).uppercased() + instanceName.dropFirst()
    }

    /// This machine's host name (`gethostname`), as `WM_CLIENT_MACHINE` names it.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
