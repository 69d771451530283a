import CX11
import CXrender

extension Display {
    /// Registers the Render extension's client library on `handle`, which must be new: before anything uses Xft.
    ///
    /// `XCloseDisplay` runs the libraries' close hooks newest first, and Xft's hook frees the fonts it keeps for
    /// reuse through Render. Xft registers its own hook before it first asks for Render, so on its own Render's
    /// hook would run first, and Xft's freeing would register Render on the closing connection again. That record
    /// outlives the connection: the next display that `XOpenDisplay` allocates at the same address inherits it,
    /// and Xft then sends requests with the freed record's opcode (`BadRequest`, `BadLength`, or a hang).
    /// Registered here first, Render's hook runs last. Under `ClientLibraryLock`, as every first extension call.
    static func registerRenderBeforeXft(on handle: OpaquePointer) {
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        _ = ClientLibraryLock.run { XRenderQueryExtension(handle, &eventBase, &errorBase) }
    }
}
