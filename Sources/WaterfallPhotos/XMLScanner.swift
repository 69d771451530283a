/// Why bytes are no well-formed XML, and where: "an end tag </rdf:RDF> where </rdf:Description> belongs, at byte 812".
struct XMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    var reason: String
    /// Where, in bytes from the start.
    var offset: Int
    /// The reason and the offset.
    var description: String { "\(reason), at byte \(offset)" }
}

/// A small XML scanner for XMP packets: it finds the elements, their attributes and their text with the byte ranges
/// they take, so that a property's value can be changed and every other byte kept (a DOM library writes the document
/// anew). It reads what XMP writers write: elements, attributes, text, comments, CDATA, processing instructions and
/// a DOCTYPE without declarations; anything else, or tags that do not nest, is refused with its offset.
enum XMLScanner {
    /// An attribute: its qualified name, where its value lies (inside the quotes) and its value, entities decoded.
    struct Attribute {
        var name: String
        /// Where the whitespace before the name starts.
        var leadingSpace: Range<Int>
        var value: Range<Int>
        var text: String
    }

    /// An element: its qualified name, its attributes, where its tags lie, its parent and children (indices in the
    /// scan), and the namespaces in scope in it (prefix to URI; "" for the default).
    struct Element {
        var name: String
        var attributes: [Attribute] = []
        /// Where its start tag begins (at `<`).
        var start: Int
        /// Where an attribute is added: after the last attribute's closing quote, or after the name.
        var insertionPoint: Int
        /// Between its start tag and its end tag; `nil` for an empty-element tag (`<a/>`).
        var content: Range<Int>?
        /// After its end tag (or its empty-element tag).
        var end = 0
        var parent: Int?
        var children: [Int] = []
        var namespaces: [String: String] = [:]

        /// Whether the qualified name `name` (`prefix:local`, or `local`) has the local name `local`: what is asked
        /// before a name is resolved (`resolvedName`, which makes strings), as most names are not the one looked for.
        static func hasLocalName(_ name: String, _ local: String) -> Bool {
            let (name, local) = (name.utf8, local.utf8)
            guard name.count >= local.count, name.suffix(local.count).elementsEqual(local) else { return false }
            return name.count == local.count || name.dropLast(local.count).last == UInt8(ascii: ":")
        }

        /// The element's name resolved: its namespace's URI (`nil` when its prefix is not declared) and local name.
        var resolvedName: (namespace: String?, local: String) { Self.resolve(name, in: namespaces, isAttribute: false) }

        /// An attribute's name resolved as `resolvedName`: an attribute without a prefix is in no namespace.
        func resolvedName(of attribute: Attribute) -> (namespace: String?, local: String) {
            Self.resolve(attribute.name, in: namespaces, isAttribute: true)
        }

        private static func resolve(
            _ name: String, in namespaces: [String: String],
            isAttribute: Bool
        ) -> (namespace: String?, local: String) {
            guard let colon = name.firstIndex(of: ":") else { return (isAttribute ? nil : namespaces[""], name) }
            return (namespaces[String(name[..<colon])], String(name[name.index(after: colon)...]))
        }
    }

    /// The elements of `bytes` in document order (the root first).
    /// - Throws: `XMLError` naming what is wrong and where.
    static func scan(_ bytes: [UInt8]) throws(XMLError) -> [Element] {
        var cursor = Cursor(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { cursor.position = 3 }
        var elements: [Element] = []
        var open: [Int] = []
        while !cursor.atEnd {
            let start = cursor.position
            guard bytes[start] == UInt8(ascii: "<") else {
                let text = Self.text(in: bytes, from: start)
                cursor.position = text.end
                // Outside the root only whitespace, and the NULs that pad some embedded packets.
                if open.isEmpty, !text.isSpace { throw XMLError(reason: "text outside the elements", offset: start) }
                continue
            }
            if cursor.skip("<?") {
                try cursor.skip(past: "?>", what: "a processing instruction")
            } else if cursor.skip("<!--") {
                try cursor.skip(past: "-->", what: "a comment")
            } else if cursor.skip("<![CDATA[") {
                guard !open.isEmpty else { throw XMLError(reason: "CDATA outside the elements", offset: start) }
                try cursor.skip(past: "]]>", what: "a CDATA section")
            } else if cursor.skip("<!") {
                let end = try cursor.skip(past: ">", what: "a declaration")
                if bytes[start..<end].contains(UInt8(ascii: "[")) {
                    throw XMLError(reason: "a DOCTYPE with declarations", offset: start)
                }
            } else if cursor.skip("</") {
                let name = try cursor.name()
                cursor.skipSpace()
                guard cursor.skip(">") else {
                    throw XMLError(reason: "an unterminated end tag </\(name)", offset: start)
                }
                guard let top = open.last else {
                    throw XMLError(reason: "an end tag </\(name)> outside the elements", offset: start)
                }
                guard elements[top].name == name else {
                    throw XMLError(
                        reason: "an end tag </\(name)> where </\(elements[top].name)> belongs", offset: start)
                }
                open.removeLast()
                let contentStart = elements[top].content?.lowerBound ?? start
                elements[top].content = contentStart..<start
                elements[top].end = cursor.position
            } else {
                cursor.position += 1  // past the "<" of a start tag
                guard !open.isEmpty || elements.isEmpty else {
                    throw XMLError(reason: "a second root element", offset: start)
                }
                var element = try startTag(&cursor, start: start, parent: open.last, elements: elements)
                let index = elements.count
                if let parent = open.last { elements[parent].children.append(index) }
                if element.content == nil {
                    element.end = cursor.position
                    elements.append(element)
                } else {
                    elements.append(element)
                    open.append(index)
                }
            }
        }
        if let last = open.last {
            throw XMLError(reason: "<\(elements[last].name)> is never closed", offset: bytes.count)
        }
        guard !elements.isEmpty else { throw XMLError(reason: "no element", offset: 0) }
        return elements
    }

    /// Where the text from `start` in `bytes` ends (at the next `<`, or the end), and whether it is only whitespace and
    /// NULs. Runs of spaces go 8 bytes at a time: a JPEG's packet ends in 2 KB of them, its padding.
    private static func text(in bytes: [UInt8], from start: Int) -> (end: Int, isSpace: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            let spaces: UInt64 = 0x2020_2020_2020_2020
            var (position, isSpace) = (start, true)
            while position < buffer.count {
                if position + 8 <= buffer.count,
                    UnsafeRawPointer(buffer.baseAddress! + position).loadUnaligned(as: UInt64.self) == spaces
                {
                    position += 8
                    continue
                }
                let byte = buffer[position]
                if byte == UInt8(ascii: "<") { break }
                if !Cursor.isSpace(byte) && byte != 0 { isSpace = false }
                position += 1
            }
            return (position, isSpace)
        }
    }

    /// Reads a start tag after its `<`: its name and attributes, up to its `>` or `/>` (then its content is `nil`).
    private static func startTag(
        _ cursor: inout Cursor, start: Int, parent: Int?, elements: [Element]
    ) throws(XMLError) -> Element {
        let name = try cursor.name()
        var element = Element(
            name: name, start: start, insertionPoint: cursor.position, parent: parent,
            namespaces: parent.map { elements[$0].namespaces } ?? [:])
        while true {
            let spaceStart = cursor.position
            cursor.skipSpace()
            if cursor.skip("/>") { break }
            if cursor.skip(">") {
                element.content = cursor.position..<cursor.position
                break
            }
            guard cursor.position > spaceStart else {
                throw XMLError(reason: "no space before an attribute of <\(name)>", offset: cursor.position)
            }
            let attributeName = try cursor.name()
            cursor.skipSpace()
            guard cursor.skip("=") else {
                throw XMLError(reason: "an attribute \(attributeName) without a value", offset: cursor.position)
            }
            cursor.skipSpace()
            guard !cursor.atEnd,
                cursor.bytes[cursor.position] == UInt8(ascii: "\"")
                    || cursor.bytes[cursor.position] == UInt8(ascii: "'")
            else {
                throw XMLError(reason: "an unquoted value of \(attributeName)", offset: cursor.position)
            }
            let quote = cursor.bytes[cursor.position]
            cursor.position += 1
            let valueStart = cursor.position
            while !cursor.atEnd, cursor.bytes[cursor.position] != quote {
                if cursor.bytes[cursor.position] == UInt8(ascii: "<") {
                    throw XMLError(reason: "a '<' in the value of \(attributeName)", offset: cursor.position)
                }
                cursor.position += 1
            }
            guard !cursor.atEnd else {
                throw XMLError(reason: "an unterminated value of \(attributeName)", offset: valueStart)
            }
            let value = valueStart..<cursor.position
            cursor.position += 1
            element.insertionPoint = cursor.position
            guard !element.attributes.contains(where: { $0.name == attributeName }) else {
                throw XMLError(reason: "attribute \(attributeName) twice in <\(name)>", offset: spaceStart)
            }
            let text = decodeEntities(cursor.bytes[value])
            element.attributes.append(
                Attribute(
                    name: attributeName,
                    leadingSpace: spaceStart..<(spaceStart + cursor.whitespaceLength(from: spaceStart)),
                    value: value, text: text))
            if attributeName == "xmlns" { element.namespaces[""] = text }
            if attributeName.hasPrefix("xmlns:") { element.namespaces[String(attributeName.dropFirst(6))] = text }
        }
        return element
    }

    /// `bytes` as text, the predefined entities and character references decoded (an unknown one kept as written).
    static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            var decoded = named[String(entity)]
            if decoded == nil, entity.hasPrefix("#") {
                let digits = entity.dropFirst()
                let code = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                decoded = code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
            result += decoded ?? String(rest[...semicolon])
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// A position in the bytes scanned.
    private struct Cursor {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position >= bytes.count }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        /// Moves past `literal` when the bytes continue with it.
        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - position >= count else { return false }
            let matches = literal.withUTF8Buffer { bytes[position..<(position + count)].elementsEqual($0) }
            if matches { position += count }
            return matches
        }

        /// Moves past the next `terminator`; where it ends.
        @discardableResult
        mutating func skip(past terminator: StaticString, what: String) throws(XMLError) -> Int {
            let start = position
            while !atEnd {
                if skip(terminator) { return position }
                position += 1
            }
            throw XMLError(reason: "an unterminated \(what)", offset: start)
        }

        mutating func skipSpace() {
            while !atEnd, Self.isSpace(bytes[position]) { position += 1 }
        }

        func whitespaceLength(from start: Int) -> Int {
            var end = start
            while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
            return end - start
        }

        /// Whether `byte` ends a name: `/`, `>`, `=`, `<` or a quote.
        static func endsName(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: "\""),
                UInt8(ascii: "'"):
                true
            default: false
            }
        }

        /// A name: the bytes up to whitespace, `/`, `>`, `=` or `<`.
        mutating func name() throws(XMLError) -> String {
            let start = position
            while !atEnd, !Self.isSpace(bytes[position]), !Self.endsName(bytes[position]) { position += 1 }
            guard position > start else { throw XMLError(reason: "a tag without a name", offset: start) }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
    }
}
