/// The X protocol's plain values as the backend passes them between its files, without the C headers: Xlib.swift,
/// XlibEvents.swift and Xft.swift turn them into Xlib's own types where they call it.

/// An atom: a number the server gives a name (`XInternAtom`); 0 is None.
typealias Atom = UInt
/// A keysym: what a key means (`XK_a` is 0x61, `XK_Delete` 0xFFFF).
typealias KeySym = UInt
/// A timestamp field of an X event, in milliseconds; 0 is `CurrentTime` (see `ServerTime`).
typealias XTimestamp = UInt
