import CX11
import Glibc

/// Uploads pictures to the server through MIT-SHM: the pixels are copied into a segment of memory the server
/// shares, and `XShmPutImage` tells it to read them from there into a Pixmap, instead of writing every byte down
/// the socket as `XPutImage` does.
///
/// The connection has `segmentCount` segments of `segmentBytes` each. Uploads fill the current segment one after
/// another; each asks for a completion event, and a segment is written from its start again only once every upload
/// that reads it has completed. When no segment has room the caller uploads with `XPutImage` instead, so an upload
/// never waits for the server. The Pixmap is usable at once: the server handles requests in order, so a copy from
/// it that follows reads the uploaded pixels.
final class SharedMemoryUploads {
    /// The bytes of each segment: a few frames of thumbnails.
    static let segmentBytes = 4 << 20
    /// How many segments the connection shares with the server.
    static let segmentCount = 4

    private struct Segment {
        var info: XShmSegmentInfo
        /// The bytes from the segment's start that uploads read or may still read.
        var used = 0
        /// Uploads whose completion event has not arrived.
        var pending = 0
    }

    private let connection: XlibConnection
    private var segments: [Segment]
    private var current = 0
    /// The type of the extension's completion event (`XShmGetEventBase` + `ShmCompletion`).
    let completionEventType: Int32

    /// Shares `segmentCount` segments with the server of `connection`, or `nil` when the server lacks MIT-SHM or
    /// cannot attach them (a server on another machine, or in another IPC namespace, answers `BadAccess`): then
    /// every upload is an `XPutImage`. Attaching is checked with one round trip, when the connection's first window
    /// is made.
    init?(connection: XlibConnection) {
        self.connection = connection
        let handle = connection.handle
        var majorOpcode: Int32 = 0
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        let present = ClientLibraryLock.run {  // the display's first call to libXext's MIT-SHM
            XQueryExtension(handle, "MIT-SHM", &majorOpcode, &eventBase, &errorBase) != 0
                && XShmQueryExtension(handle) != 0
        }
        guard present else { return nil }
        completionEventType = eventBase + ShmCompletion
        segments = []
        for _ in 0..<Self.segmentCount {
            guard let info = Self.makeSegment(bytes: Self.segmentBytes) else { break }
            segments.append(Segment(info: info))
        }
        guard !segments.isEmpty else { return nil }
        let errors = ErrorHandlers.expectingErrors(fromRequest: UInt8(majorOpcode), on: handle) {
            for index in segments.indices { XShmAttach(handle, &segments[index].info) }
            XSync(handle, 0)
        }
        for segment in segments { shmctl(segment.info.shmid, IPC_RMID, nil) }  // gone once both sides detach
        guard errors.isEmpty else {
            for segment in segments { shmdt(segment.info.shmaddr) }
            return nil
        }
    }

    deinit {
        // The server detaches when the connection closes (this runs after `XCloseDisplay`); the kernel then
        // frees the segments, which were removed when they were made.
        for segment in segments { shmdt(segment.info.shmaddr) }
    }

    /// A new private segment of `bytes`, mapped here; `nil` when the kernel refuses one.
    private static func makeSegment(bytes: Int) -> XShmSegmentInfo? {
        let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard id >= 0 else { return nil }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            return nil
        }
        return XShmSegmentInfo(
            shmseg: 0, shmid: id,  // XShmAttach allocates shmseg
            shmaddr: address.assumingMemoryBound(to: CChar.self), readOnly: 1)
    }

    /// Whether some segment holds no upload the server may still read.
    var hasIdleSegment: Bool { segments.contains { $0.pending == 0 } }

    /// Uploads `pixels` (the visual's pixel values, `width` × `height`, row by row) into `drawable` with `gc`
    /// through a segment, asking for a completion event. Returns false, having sent nothing, when no segment has
    /// room for them: the caller then uses `XPutImage`.
    func put(_ pixels: [UInt32], width: Int, height: Int, into drawable: UInt, gc: GC) -> Bool {
        let bytes = width * height * 4
        guard width > 0, height > 0, pixels.count >= width * height, let index = segment(withRoomFor: bytes) else {
            return false
        }
        let offset = segments[index].used
        guard let base = segments[index].info.shmaddr else { return false }
        pixels.withUnsafeBytes { source in
            UnsafeMutableRawPointer(base + offset).copyMemory(from: source.baseAddress!, byteCount: bytes)
        }
        let sent = withUnsafeMutablePointer(to: &segments[index].info) { info -> Bool in
            guard
                let image = XShmCreateImage(
                    connection.handle, UnsafeMutablePointer<Visual>(connection.visual), UInt32(connection.depth),
                    ZPixmap, base + offset, info, UInt32(width), UInt32(height))
            else { return false }
            let sent =
                XShmPutImage(connection.handle, drawable, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height), 1) != 0
            image.pointee.data = nil  // the segment's, and
            image.pointee.obdata = nil  // the segment's description is ours: XDestroyImage must free neither
            _ = image.pointee.f.destroy_image?(image)
            return sent
        }
        guard sent else { return false }
        segments[index].used = offset + (bytes + 63) & ~63
        segments[index].pending += 1
        return true
    }

    /// The segment to upload `bytes` into: the current one while it has room, else one whose uploads have all
    /// completed (it starts again from its beginning); `nil` when none has.
    private func segment(withRoomFor bytes: Int) -> Int? {
        guard bytes <= Self.segmentBytes else { return nil }
        if segments[current].used + bytes <= Self.segmentBytes { return current }
        guard let idle = segments.indices.first(where: { segments[$0].pending == 0 }) else { return nil }
        current = idle
        segments[idle].used = 0
        return idle
    }

    /// An upload into `segment` completed (its completion event arrived): when it was the last one reading the
    /// segment, the segment can be written from its start again.
    func completed(segment id: UInt) {
        guard let index = segments.firstIndex(where: { $0.info.shmseg == id }), segments[index].pending > 0 else {
            return
        }
        segments[index].pending -= 1
        if segments[index].pending == 0 { segments[index].used = 0 }
    }
}
