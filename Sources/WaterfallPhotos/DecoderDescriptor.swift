#if canImport(Glibc)
    import Glibc
#endif

/// Reading and writing framed messages (`DecoderFrame`) on a descriptor: the worker's blocking pipes, or the wall's
/// socket to its worker, waited on with `poll(2)` until a deadline.
enum DecoderDescriptor {
    /// Why no message was read.
    enum ReadFailure: Error, Equatable {
        /// The other end closed before the message's first byte (the worker's input ended, or the worker died).
        case ended
        /// The other end closed inside a message.
        case cutShort
        /// The deadline passed first.
        case timedOut
        /// The length is above `DecoderFrame.maximumLength`.
        case tooLong(Int)
        /// The system's error.
        case failed(Int32)
    }

    /// One message's body (the bytes after its length) read from `descriptor`, waiting at most until `deadline`
    /// (`nil`: as long as it takes).
    static func readMessage(
        from descriptor: Int32, until deadline: ContinuousClock.Instant?,
        extending extend: () -> ContinuousClock.Instant? = { nil }
    ) -> Result<[UInt8], ReadFailure> {
        var deadline = deadline
        var lengthBytes = [UInt8](repeating: 0, count: 4)
        switch read(into: &lengthBytes, from: descriptor, until: &deadline, extending: extend) {
        case .failure(.cutShort): return .failure(.ended)
        case .failure(let failure): return .failure(failure)
        case .success: break
        }
        let length = lengthBytes.reversed().reduce(0) { $0 << 8 | Int($1) }
        guard length <= DecoderFrame.maximumLength else { return .failure(.tooLong(length)) }
        // Grown as the bytes come (1 MB at a time), so that a worker's lying length costs no more than what it sent.
        var body: [UInt8] = []
        while body.count < length {
            var piece = [UInt8](repeating: 0, count: min(length - body.count, 1 << 20))
            switch read(into: &piece, from: descriptor, until: &deadline, extending: extend) {
            case .failure(.ended): return .failure(.cutShort)
            case .failure(let failure): return .failure(failure)
            case .success: body += piece
            }
        }
        return .success(body)
    }

    /// Fills `buffer` from `descriptor`. `.ended` when the other end closed before a byte, `.cutShort` after some.
    private static func read(
        into buffer: inout [UInt8], from descriptor: Int32, until deadline: inout ContinuousClock.Instant?,
        extending extend: () -> ContinuousClock.Instant?
    ) -> Result<Void, ReadFailure> {
        var filled = 0
        while filled < buffer.count {
            if let end = deadline {
                let left = ContinuousClock.now.duration(to: end)
                guard left > .zero else {
                    guard let later = extend() else { return .failure(.timedOut) }
                    deadline = later
                    continue
                }
                let (seconds, attoseconds) = left.components
                let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&entry, 1, milliseconds)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .failure(.failed(errno))
                }
                if ready == 0 { continue }  // the loop's check gives the timeout
            }
            let got = buffer.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { return .failure(filled == 0 ? .ended : .cutShort) }
                return .failure(.failed(errno))
            }
            if got == 0 { return .failure(filled == 0 ? .ended : .cutShort) }
            filled += got
        }
        return .success(())
    }

    /// Writes all of `bytes` to `descriptor`: `send` with `MSG_NOSIGNAL` on a socket, so that a dead reader is an
    /// `EPIPE` and never a SIGPIPE that would end the wall; `write` on anything else (the worker's standard output, a
    /// pipe: the worker may die of SIGPIPE when the wall is gone). Whether every byte was written.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        return bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                var count = send(descriptor, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
                if count < 0 && errno == ENOTSOCK {
                    count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                }
                if count > 0 { written += count } else if count < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
    }
}
