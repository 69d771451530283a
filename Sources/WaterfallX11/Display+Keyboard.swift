import CX11

extension Display {
    /// Turns on detectable auto-repeat for the connection `handle` (`XkbSetDetectableAutoRepeat`): while a key is
    /// held, the server repeats its KeyPress without sending a fake KeyRelease before each repeat, so a release is a
    /// real one. Returns whether the server supports it. A round trip, once per connection.
    static func enableDetectableAutoRepeat(on handle: OpaquePointer) -> Bool {
        var supported: Int32 = 0
        let set = XkbSetDetectableAutoRepeat(handle, 1, &supported)
        return set != 0 && supported != 0
    }
}
