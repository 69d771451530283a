/// How a window's pictures went to the server (`WaterfallWindow.imageUploads`).
public struct ImageUploads: Equatable, Sendable {
    /// Uploads through memory shared with the server (MIT-SHM's `XShmPutImage`): the pixels never cross the socket.
    public var sharedMemory = 0
    /// Uploads down the socket (`XPutImage`): the server lacks MIT-SHM, cannot share memory with this client (it
    /// runs on another machine), or every shared segment was still being read.
    public var putImage = 0

    /// Every upload, whichever way it went.
    public var total: Int { sharedMemory + putImage }

    /// No uploads yet.
    public init() {}
}
