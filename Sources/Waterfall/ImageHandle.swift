/// A picture the platform holds (an X Pixmap on the server, for the X11 backend), as the core knows it: only by a
/// handle, which a cell gives `Canvas.drawImage(_:in:)`. The platform makes handles when it takes a picture and says
/// how large the picture is.
public struct ImageHandle: Hashable, Sendable {
    /// The platform's number for the picture.
    public let id: Int
    /// The picture's width in pixels.
    public let width: Int
    /// The picture's height in pixels.
    public let height: Int

    /// The handle of picture `id`, `width` × `height` pixels.
    public init(id: Int, width: Int, height: Int) {
        self.id = id
        self.width = width
        self.height = height
    }
}
