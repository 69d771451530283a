import CX11

/// The MULTIPLE target (ICCCM 2.6.2): several conversions in one request.
extension SelectionOwner {
    /// MULTIPLE (ICCCM 2.6.2): `property` holds (target, property) pairs of atoms; each pair is converted in order
    /// (and reported to `onEvent`), and when any fails (a target not offered, a nested MULTIPLE, a property None) the
    /// pairs are written back with None as its property. Reads the pairs with `XGetWindowProperty` (one round trip).
    /// Returns the pairs' size, or `nil` (refused) when `property` holds none.
    func convertPairs(in property: Atom, of requestor: UInt, owned: ServerTime) -> Answer? {
        let pairs = atomPairs(in: property, of: requestor)
        guard !pairs.isEmpty else { return nil }
        var written = pairs
        for index in stride(from: 0, to: pairs.count, by: 2) {
            let (target, into) = (pairs[index], pairs[index + 1])
            let answer = target == atoms.multiple || into == 0 ? nil : convert(target, into: into, of: requestor, owned: owned)
            report(target, answer)
            if answer == nil { written[index + 1] = 0 }
        }
        if written != pairs { changeProperty(property, on: requestor, type: atoms.atomPair, longs: written.map { Int($0) }) }
        return (4 * pairs.count, false)
    }

    /// The atoms of a format-32 property on the requestor's window (of type ATOM_PAIR, or any), an even number of
    /// them; none when the property or the window is missing.
    private func atomPairs(in property: Atom, of requestor: UInt) -> [Atom] {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let maximumLongs = largestPropertySize / 4
        let status = XGetWindowProperty(display.handle, requestor, property, 0, maximumLongs, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 32, let data else { return [] }
        // Xlib hands format-32 items over as C longs.
        let longs = UnsafeRawPointer(data).bindMemory(to: UInt.self, capacity: Int(count))
        return (0..<Int(count & ~1)).map { Atom(longs[$0]) }
    }
}
