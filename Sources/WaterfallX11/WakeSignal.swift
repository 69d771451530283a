import Glibc

/// Wakes a window's event loop from any thread: the self-pipe trick.
///
/// A non-blocking pipe (`pipe2` with `O_NONBLOCK | O_CLOEXEC`): `wake()` writes one byte to it, and the event
/// loop polls its read end next to the X connection, drains it and calls `WaterfallWindow.onWake` once,
/// however many wakes were queued. Keep a reference to the signal, not to the window, on other threads: the
/// pipe stays open as long as the signal lives, so a late `wake()` never writes to a reused descriptor.
public final class WakeSignal: Sendable {
    /// The end the loop polls and drains.
    let readDescriptor: Int32
    /// The end `wake()` writes to.
    private let writeDescriptor: Int32

    /// Opens the pipe (`pipe2(O_NONBLOCK | O_CLOEXEC)`, see `makePipe(flags:)`).
    /// - Throws: `X11Error.cannotCreateWakeSignal` with `errno` when `pipe2` fails (e.g. out of descriptors).
    public init() throws {
        guard let (read, write) = makePipe(flags: O_NONBLOCK | O_CLOEXEC) else {
            throw X11Error.cannotCreateWakeSignal(errno: errno)
        }
        readDescriptor = read
        writeDescriptor = write
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the event loop: it calls `onWake` on its own thread in its next turn. Callable from any thread,
    /// never blocks. A full pipe (`EAGAIN`) already holds a wake, so that byte is not needed.
    public func wake() {
        var byte: UInt8 = 1
        while write(writeDescriptor, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Reads every queued byte (`read` until `EAGAIN`) and returns whether there was any: whether someone
    /// called `wake()` since the last drain.
    /// - Complexity: O(number of queued wakes / 64) `read` calls, one when there were none.
    func drain() -> Bool {
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let size = MemoryLayout.size(ofValue: buffer)
        var woken = false
        while true {
            let count = withUnsafeMutableBytes(of: &buffer) { read(readDescriptor, $0.baseAddress, size) }
            if count > 0 {
                woken = true
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return woken  // EAGAIN: empty; 0 cannot happen while the write end is open
            }
        }
    }
}
