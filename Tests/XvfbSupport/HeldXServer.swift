import Foundation

/// A stand-in X server on 127.0.0.1 that takes one client's connection and answers it only when the test says:
/// meanwhile the client waits inside `XOpenDisplay`, for as long as the test needs. Then it refuses the connection
/// with a reason, as an X server does that has no room for another client ("Maximum number of clients reached").
/// Its display, `127.0.0.1:N`, is TCP port 6000 + N, a port the kernel gave.
public final class HeldXServer {
    /// The display name a client connects to.
    public let display: String
    private let listener: Int32
    private var client: Int32 = -1
    /// Whether the client sends its numbers most significant byte first (its setup's first byte is 'B', not 'l').
    private var clientIsBigEndian = false

    /// Listens on a free port of 127.0.0.1 above 6000.
    /// - Throws: `X11TestError` when no socket can be had.
    public init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw X11TestError("socket failed: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(listener, socketAddress, length) == 0 && listen(listener, 1) == 0
                    && getsockname(listener, socketAddress, &length) == 0
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        guard bound, port > 6000 else {
            close(listener)
            throw X11TestError(
                "cannot listen on 127.0.0.1 above port 6000 (port \(port)): \(String(cString: strerror(errno)))")
        }
        self.listener = listener
        display = "127.0.0.1:\(port - 6000)"
    }

    deinit {
        if client >= 0 { close(client) }
        close(listener)
    }

    /// Waits for a client to connect and send the 12 bytes that open its connection setup (byte order, protocol
    /// version, the lengths of its authorization): from then on it waits for the answer. Fails after `limit` seconds.
    public func acceptSetup(limit: TimeInterval = 20) throws {
        try waitReadable(listener, limit: limit, for: "a client to connect to \(display)")
        client = accept(listener, nil, nil)
        guard client >= 0 else {
            throw X11TestError("accept on \(display) failed: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        var setup: [UInt8] = []
        while setup.count < 12 {
            try waitReadable(client, limit: limit, for: "the client's connection setup on \(display)")
            var buffer = [UInt8](repeating: 0, count: 12 - setup.count)
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else {
                throw X11TestError("the client of \(display) closed its connection before its setup")
            }
            setup += buffer.prefix(count)
        }
        clientIsBigEndian = setup[0] == UInt8(ascii: "B")
    }

    /// Answers the client's setup with Failed and `reason` (the X protocol's connection setup failure), then closes
    /// the connection.
    public func refuse(reason: String) throws {
        let text = Array(reason.utf8.prefix(255))
        let padded = text + [UInt8](repeating: 0, count: (4 - text.count % 4) % 4)
        let words = UInt16(padded.count / 4)
        func card16(_ value: UInt16) -> [UInt8] {
            clientIsBigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        // Failed (0), the reason's length, protocol 11.0, the length of what follows in 4-byte units, the reason.
        let reply = [0, UInt8(text.count)] + card16(11) + card16(0) + card16(words) + padded
        let written = reply.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        guard written == reply.count else {
            throw X11TestError("cannot answer the client of \(display): \(String(cString: strerror(errno)))")
        }
        close(client)
        client = -1
    }
}

/// Waits until `descriptor` is readable; fails after `limit` seconds, saying what was awaited.
private func waitReadable(_ descriptor: Int32, limit: TimeInterval, for awaited: String) throws {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(limit * 1000)) > 0 else { throw X11TestError("no \(awaited) within \(limit) s") }
}
