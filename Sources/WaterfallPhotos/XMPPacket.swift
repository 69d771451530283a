/// An XMP packet (a sidecar's bytes, or the XMP embedded in a photo) read for a few simple properties, and changed
/// by editing only the bytes of one property's value: every other byte, fields this code does not know included
/// (darktable's history, digiKam's tags), stays as it was.
///
/// A property is looked for in the top-level `rdf:Description`s (the children of `rdf:RDF`), as an attribute
/// (`xmp:Rating="3"`, as darktable, digiKam and Lightroom write it) or as a simple element
/// (`<xmp:Rating>3</xmp:Rating>`), its namespace told by its URI whatever its prefix.
struct XMPPacket {
    /// A simple XMP property: its namespace's URI, its name, and the prefix written when the namespace is declared anew.
    struct Property: Hashable, Sendable {
        var namespace: String
        var name: String
        var prefix: String

        /// `xmp:Rating`: the stars, -1 for a reject.
        static let rating = Property(namespace: "http://ns.adobe.com/xap/1.0/", name: "Rating", prefix: "xmp")
        /// `tiff:Orientation`: EXIF's orientation, 1 to 8.
        static let orientation = Property(
            namespace: "http://ns.adobe.com/tiff/1.0/", name: "Orientation", prefix: "tiff")
    }

    static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// The packet's bytes.
    let bytes: [UInt8]
    let elements: [XMLScanner.Element]
    /// The indices of the top-level `rdf:Description` elements, in order.
    let descriptions: [Int]

    /// The packet in `bytes`.
    /// - Throws: `XMLError` when the bytes are no well-formed XML.
    init(_ bytes: [UInt8]) throws(XMLError) {
        self.bytes = bytes
        let elements = try XMLScanner.scan(bytes)
        self.elements = elements
        descriptions = elements.indices.filter { index in
            guard let parent = elements[index].parent else { return false }
            return Self.isRDF(elements[index], "Description")
                && Self.isRDF(elements[parent], "RDF")
        }
    }

    static func isRDF(_ name: (namespace: String?, local: String), _ local: String) -> Bool {
        name.namespace == rdfNamespace && name.local == local
    }

    /// Whether `element` is RDF's `local` (`rdf:li`...): its local name compared first.
    static func isRDF(_ element: XMLScanner.Element, _ local: String) -> Bool {
        XMLScanner.Element.hasLocalName(element.name, local) && isRDF(element.resolvedName, local)
    }

    /// Where a property's value is written.
    private enum Place {
        /// An attribute's value, between its quotes.
        case attribute(Range<Int>)
        /// A simple element's text, between its tags.
        case text(Range<Int>)
        /// An empty element (`<xmp:Rating/>`), its name, and where it lies whole.
        case emptyElement(String, Range<Int>)
    }

    /// The property's value and where it lies: the first top-level description that has it.
    private func find(_ property: Property) -> (value: String, place: Place)? {
        for index in descriptions {
            let description = elements[index]
            if let attribute = description.attributes.first(where: {
                matches($0, of: description, property)
            }) {
                return (attribute.text, .attribute(attribute.value))
            }
            for child in description.children
            where matches(elements[child], property) && elements[child].children.isEmpty {
                let element = elements[child]
                guard let content = element.content else {
                    return ("", .emptyElement(element.name, element.start..<element.end))
                }
                return (XMLScanner.decodeEntities(bytes[content]), .text(content))
            }
        }
        return nil
    }

    func matches(_ name: (namespace: String?, local: String), _ property: Property) -> Bool {
        name.namespace == property.namespace && name.local == property.name
    }

    /// Whether `element` is `property`: its local name compared first, its namespace resolved only when it is.
    func matches(_ element: XMLScanner.Element, _ property: Property) -> Bool {
        XMLScanner.Element.hasLocalName(element.name, property.name) && matches(element.resolvedName, property)
    }

    /// Whether `attribute` of `element` is `property`: its local name compared first.
    func matches(_ attribute: XMLScanner.Attribute, of element: XMLScanner.Element, _ property: Property) -> Bool {
        XMLScanner.Element.hasLocalName(attribute.name, property.name)
            && matches(element.resolvedName(of: attribute), property)
    }

    /// The property's value, its whitespace trimmed; `nil` when no top-level description has it.
    func value(of property: Property) -> String? {
        find(property).map { $0.value.trimmingXMLSpace() }
    }

    /// The property's value as an integer (XMP's Rating is a Real: "3.0" reads as 3); `nil` when absent or no number.
    func integer(_ property: Property) -> Int? {
        guard let text = value(of: property) else { return nil }
        if let integer = Int(text) { return integer }
        guard let real = Double(text), real.isFinite, abs(real) < 1e9 else { return nil }
        return Int(real.rounded(.towardZero))
    }

    /// The packet's bytes with `property` set to `value` (digits or other text without markup): its value's bytes
    /// replaced where it is, or, when absent, an attribute added to the first top-level description in which its
    /// namespace is declared, else to the first one with the namespace declared beside it. Every other byte is kept.
    /// - Throws: `XMLError` when the packet has no top-level `rdf:Description` to hold it.
    func setting(_ property: Property, to value: String) throws(XMLError) -> [UInt8] {
        let valueBytes = Array(value.utf8)
        if let (_, place) = find(property) {
            switch place {
            case .attribute(let range), .text(let range):
                return Array(bytes[..<range.lowerBound]) + valueBytes + bytes[range.upperBound...]
            case .emptyElement(let name, let range):
                return Array(bytes[..<range.lowerBound]) + Array("<\(name)>".utf8) + valueBytes
                    + Array("</\(name)>".utf8) + bytes[range.upperBound...]
            }
        }
        let declaring = descriptions.first { elements[$0].namespaces.values.contains(property.namespace) }
        guard let index = declaring ?? descriptions.first else {
            throw XMLError(reason: "no rdf:Description to hold \(property.prefix):\(property.name)", offset: 0)
        }
        let description = elements[index]
        var added: [String] = []
        let prefix: String
        if let bound = description.namespaces.first(where: { $0.value == property.namespace && !$0.key.isEmpty })?.key {
            prefix = bound
        } else {
            let used = Set(
                description.attributes.compactMap {
                    $0.name.split(separator: ":", maxSplits: 1).dropLast().first.map(String.init)
                })
            prefix = Self.freePrefix(property.prefix, in: description.namespaces, used: used)
            added.append("xmlns:\(prefix)=\"\(property.namespace)\"")
        }
        added.append("\(prefix):\(property.name)=\"\(value)\"")
        let separator = separator(before: description)
        let insertion = added.map { separator + $0 }.joined()
        let point = description.insertionPoint
        return Array(bytes[..<point]) + Array(insertion.utf8) + bytes[point...]
    }

    /// The whitespace that goes before an attribute added to `element`: a line break and the last attribute's
    /// indentation when its attributes are one to a line (as darktable and exiv2 write them), else a space.
    func separator(before element: XMLScanner.Element) -> String {
        guard let last = element.attributes.last else { return " " }
        let space = bytes[last.leadingSpace]
        guard let lineBreak = space.lastIndex(of: UInt8(ascii: "\n")) else { return " " }
        return "\n" + String(decoding: space[(lineBreak + 1)...], as: UTF8.self)
    }

    /// `preferred`, or `preferred` and a number, whichever is not bound yet in `namespaces` nor `used` (by an
    /// attribute whose prefix is not declared, which a declaration would turn into a duplicate).
    private static func freePrefix(_ preferred: String, in namespaces: [String: String], used: Set<String>) -> String {
        var candidate = preferred
        var number = 1
        while namespaces[candidate] != nil || used.contains(candidate) {
            candidate = preferred + String(number)
            number += 1
        }
        return candidate
    }

    /// A new packet holding `properties` (in order) as attributes of one description, as darktable writes a sidecar
    /// (exiv2's layout, without darktable's own fields).
    static func new(_ properties: [(Property, String)]) -> [UInt8] {
        var namespaces: [Property] = []
        for (property, _) in properties where !namespaces.contains(where: { $0.namespace == property.namespace }) {
            namespaces.append(property)
        }
        let lines =
            [
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"XMP Core 4.4.0-Exiv2\">",
                " <rdf:RDF xmlns:rdf=\"\(rdfNamespace)\">",
                "  <rdf:Description rdf:about=\"\"",
            ]
            + namespaces.map { "    xmlns:\($0.prefix)=\"\($0.namespace)\"" }
            + properties.map { "    \($0.0.prefix):\($0.0.name)=\"\($0.1)\"" }
        return Array((lines.joined(separator: "\n") + "/>\n </rdf:RDF>\n</x:xmpmeta>\n").utf8)
    }
}

extension String {
    /// The string without XML's whitespace (space, tab, line feed, carriage return) at its ends.
    func trimmingXMLSpace() -> String {
        // By bytes: XML's spaces are ASCII, so a byte's index between them is a character's.
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return self }
        return String(self[first...last])
    }
}
