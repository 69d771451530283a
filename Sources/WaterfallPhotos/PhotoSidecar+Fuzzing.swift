/// What the fuzz target checks of the XMP code with any bytes.
extension PhotoSidecar {
    /// Reads `bytes` as a photo's embedded XMP (when they start as a JPEG, PNG or WebP) and as a sidecar; when they are
    /// a well-formed packet, sets its rating and its orientation and checks that the edited packet is still
    /// well-formed and reads back the value set. Traps (the fuzzer's finding) when a check fails; returns the marks
    /// read, if any.
    package static func exercise(_ bytes: [UInt8]) -> PhotoMarks? {
        if let format = ImageFormat(magic: bytes) {
            _ = embeddedMarks(format: format, size: bytes.count) { offset, count in
                guard offset >= 0, count >= 0, offset <= bytes.count else { return nil }
                return Array(bytes[offset..<min(bytes.count, offset + count)])
            }
        }
        guard let packet = try? XMPPacket(bytes) else { return nil }
        _ = orientation(in: packet)
        for (property, value) in [(XMPPacket.Property.rating, -1), (.orientation, 6)] {
            guard let edited = try? packet.setting(property, to: String(value)) else { continue }
            guard let again = try? XMPPacket(edited) else {
                preconditionFailure("an edited packet is no longer well-formed")
            }
            precondition(
                again.integer(property) == value,
                "an edited packet reads \(String(describing: again.integer(property))), not \(value)")
        }
        let keywords = keywords(in: packet) ?? []
        let changed = keywords + ["places/sea/beach", "a & <b>"]
        for (property, kind) in [(XMPPacket.Property.subject, XMPPacket.ArrayKind.bag), (.tagsList, .seq)] {
            guard let edited = try? packet.setting(property, toItems: changed, as: kind) else { continue }
            guard let again = try? XMPPacket(edited) else {
                preconditionFailure("a packet with an array set is no longer well-formed")
            }
            precondition(
                again.items(of: property) == changed,
                "an array set reads \(String(describing: again.items(of: property)))")
        }
        return packet.integer(.rating).map(PhotoMarks.init(xmpRating:))
    }
}
