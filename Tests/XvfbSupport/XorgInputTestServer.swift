import Foundation

/// A private X.Org server with real XInput 2 devices that have scroll valuators, which Xvfb's devices lack: the
/// `dummy` video driver (no GPU, no VT: `-novtswitch -sharevts`) and one `inputtest` input device per name given,
/// each a relative pointer with a horizontal scroll valuator at axis 2 and a vertical one at axis 3, of increment
/// 120, into which a test writes motion through the device's socket (`InputTestDevice`), as a driver posts what
/// a touchpad or a mouse does. Only input the server gets from a driver carries scroll valuators and the emulated
/// wheel presses of the same motion. Stopped, its files removed, when released.
///
/// Debian's `xserver-xorg-core` has the server and the inputtest driver, `xserver-xorg-video-dummy` the video driver.
public final class XorgInputTestServer {
    /// The display name, e.g. ":7".
    public let display: String
    /// The devices, in the order their names were given.
    public let devices: [InputTestDevice]
    private let process: Process
    private let standardError: StandardErrorFile
    private let folder: String

    /// Starts `Xorg -displayfd` with a screen of `width`×`height` and one pointer device per name in
    /// `pointerNames` (its XI2 and XInput 1 name), waits until it accepts clients and connects to each device's
    /// socket.
    /// - Throws: `X11TestError` when Xorg or its drivers are not installed, or the server exits before it reports a
    ///   display number (quoting its log's errors), or a device's socket refuses the protocol.
    public init(pointerNames: [String], width: Int = 1024, height: Int = 768) throws {
        let xorg = "/usr/lib/xorg/Xorg"
        let drivers = ["/usr/lib/xorg/modules/drivers/dummy_drv.so", "/usr/lib/xorg/modules/input/inputtest_drv.so"]
        guard FileManager.default.isExecutableFile(atPath: xorg),
            drivers.allSatisfy({ FileManager.default.fileExists(atPath: $0) })
        else {
            throw X11TestError(
                "Xorg or its dummy and inputtest drivers are not installed: the XInput 2 tests need them "
                    + "(apt-get install xserver-xorg-core xserver-xorg-video-dummy); run scripts/test.sh")
        }
        let folder = NSTemporaryDirectory() + "waterfall-xorg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let sockets = pointerNames.indices.map { "\(folder)/pointer\($0).socket" }
        let config = "\(folder)/xorg.conf"
        try Self.configuration(pointers: Array(zip(pointerNames, sockets)), width: width, height: height)
            .write(toFile: config, atomically: true, encoding: .utf8)
        let ready = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: xorg)
        // -configdir: no snippets from /etc or /usr/share; -novtswitch -sharevts: no virtual terminal to take.
        process.arguments = [
            "-displayfd", "1", "-config", config, "-configdir", folder, "-logfile", "\(folder)/Xorg.log",
            "-nolisten", "tcp", "-noreset", "-novtswitch", "-sharevts",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = ready
        standardError = try StandardErrorFile()
        process.standardError = standardError.fileHandleForWriting
        try process.run()
        let number = displayNumber(reportedOn: ready)
        guard Int(number) != nil else {
            reap(process, within: 5)
            let log = (try? String(contentsOfFile: "\(folder)/Xorg.log", encoding: .utf8)) ?? ""
            let errors = log.split(separator: "\n").filter { $0.contains("(EE)") }.joined(separator: "; ")
            try? FileManager.default.removeItem(atPath: folder)
            throw X11TestError(
                "Xorg \(process.endDescription) before it reported a display number; its log's errors: \(errors)")
        }
        display = ":" + number
        do {
            devices = try sockets.map { try InputTestDevice(socket: $0) }
        } catch {
            killAndReap(process)
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    deinit {
        killAndReap(process)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server's configuration: the dummy screen, no device of the machine (no hot-plugging), the test's pointers.
    private static func configuration(pointers: [(name: String, socket: String)], width: Int, height: Int) -> String {
        var text = """
            Section "ServerFlags"
              Option "AutoAddDevices" "false"
              Option "AutoEnableDevices" "false"
              Option "AutoAddGPU" "false"
            EndSection
            Section "Device"
              Identifier "dummy"
              Driver "dummy"
              VideoRam 65536
            EndSection
            Section "Monitor"
              Identifier "monitor"
              HorizSync 5.0 - 1000.0
              VertRefresh 5.0 - 200.0
            EndSection
            Section "Screen"
              Identifier "screen"
              Device "dummy"
              Monitor "monitor"
              DefaultDepth 24
              SubSection "Display"
                Depth 24
                Virtual \(width) \(height)
              EndSubSection
            EndSection

            """
        for (name, socket) in pointers {
            text += """
                Section "InputDevice"
                  Identifier "\(name)"
                  Driver "inputtest"
                  Option "DeviceType" "Pointer"
                  Option "SocketPath" "\(socket)"
                EndSection

                """
        }
        text += "Section \"ServerLayout\"\n  Identifier \"layout\"\n  Screen \"screen\"\n"
        for (name, _) in pointers { text += "  InputDevice \"\(name)\" \"SendCoreEvents\"\n" }
        return text + "EndSection\n"
    }
}

/// One `inputtest` device of an `XorgInputTestServer`: the client side of the driver's socket protocol
/// (`xf86-input-inputtest-protocol.h`, version 1.0: little-endian C structs, each led by its length and type).
public final class InputTestDevice {
    private let socket: Int32

    /// Connects to the driver's socket and agrees on the protocol version.
    /// - Throws: `X11TestError` when the socket cannot be reached or the driver answers otherwise.
    init(socket path: String) throws {
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw X11TestError("cannot create a socket for \(path)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw X11TestError("\(path) is too long for a socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw X11TestError("cannot connect to the inputtest device's socket \(path): errno \(errno)")
        }
        var version = Self.header(length: 12, type: Self.clientVersion)
        version += Self.bytes(of: UInt16(1)) + Self.bytes(of: UInt16(0))
        try write(version)
        let reply = try read(12)
        guard Self.uint32(reply, at: 4) == Self.serverVersionResponse, Self.uint16(reply, at: 8) == 1 else {
            throw X11TestError("the inputtest driver at \(path) answered \(reply) to version 1.0")
        }
    }

    deinit {
        close(socket)
    }

    /// Moves the vertical scroll valuator (axis 3) by `delta` (positive is down; 120 is one notch), as a touchpad's
    /// or a wheel's driver posts it: a relative motion of that valuator alone.
    public func scroll(by delta: Double) throws {
        try write(Self.relativeMotion(valuator: 3, by: delta))
    }

    /// Waits until the server has processed every event sent so far (and so sent its clients what they select).
    public func sync() throws {
        try write(Self.header(length: 8, type: Self.waitForSync))
        let reply = try read(8)
        guard Self.uint32(reply, at: 4) == Self.syncFinishedResponse else {
            throw X11TestError("the inputtest driver answered \(reply) to a sync")
        }
    }

    // The protocol's event and response types.
    private static let clientVersion: UInt32 = 0
    private static let waitForSync: UInt32 = 1
    private static let motion: UInt32 = 2
    private static let serverVersionResponse: UInt32 = 0
    private static let syncFinishedResponse: UInt32 = 1

    /// `xf86ITEventMotion`, relative, with one valuator set: the header (8 bytes), `is_absolute` (4) and padding
    /// (4), then `xf86ITValuatorData` (1040): `has_unaccelerated` (4), the 64-bit mask (8), padding (4), 64
    /// values and 64 unaccelerated values (8 bytes each).
    static func relativeMotion(valuator: Int, by delta: Double) -> [UInt8] {
        var event = header(length: 1056, type: motion) + [UInt8](repeating: 0, count: 1048)
        event[16 + 4 + valuator / 8] |= UInt8(1) << UInt8(valuator % 8)
        let offset = 16 + 16 + 8 * valuator
        event.replaceSubrange(offset..<(offset + 8), with: bytes(of: delta.bitPattern))
        return event
    }

    private static func header(length: UInt32, type: UInt32) -> [UInt8] { bytes(of: length) + bytes(of: type) }

    private static func bytes<T: FixedWidthInteger>(of value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    private static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw X11TestError("writing to the inputtest device failed: errno \(errno)") }
            sent += count
        }
    }

    private func read(_ count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            let got = bytes[received...].withUnsafeMutableBytes { Glibc.read(socket, $0.baseAddress, $0.count) }
            guard got > 0 else { throw X11TestError("the inputtest device closed its socket (errno \(errno))") }
            received += got
        }
        return bytes
    }
}
