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
            let answer =
                target == atoms.multiple || into == 0 ? nil : convert(target, into: into, of: requestor, owned: owned)
            report(target, answer)
            if answer == nil { written[index + 1] = 0 }
        }
        if written != pairs {
            changeProperty(property, on: requestor, type: atoms.atomPair, longs: written.map { Int($0) })
        }
        return (4 * pairs.count, false)
    }

    /// The atoms of a format-32 property on the requestor's window (of type ATOM_PAIR, or any), an even number of
    /// them; none when the property or the window is missing.
    private func atomPairs(in property: Atom, of requestor: UInt) -> [Atom] {
        guard let items = display.longProperty(property, of: requestor, maximumLongs: largestPropertySize / 4) else {
            return []
        }
        return Array(items.prefix(items.count & ~1))
    }
}
