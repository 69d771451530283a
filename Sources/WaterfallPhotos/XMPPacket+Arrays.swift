/// XMP's array properties (`dc:subject`'s `rdf:Bag`, `digiKam:TagsList`'s `rdf:Seq`): read as their items, and set by
/// replacing only the property's element, every other byte kept.
extension XMPPacket {
    /// The kind of an XMP array: unordered (`rdf:Bag`) or ordered (`rdf:Seq`).
    enum ArrayKind: String {
        case bag = "Bag"
        case seq = "Seq"
    }

    /// The items of the array `property`, in order, their whitespace trimmed: the `rdf:li`s of its `rdf:Bag`,
    /// `rdf:Seq` or `rdf:Alt`, or a simple value (`dc:subject="beach"`, as some writers shorten one item) as one item;
    /// `nil` when no top-level description has the property.
    func items(of property: Property) -> [String]? {
        for index in descriptions {
            let description = elements[index]
            if let attribute = description.attributes.first(where: {
                matches($0, of: description, property)
            }) {
                return [attribute.text.trimmingXMLSpace()].filter { !$0.isEmpty }
            }
            for child in description.children where matches(elements[child], property) {
                return arrayItems(of: elements[child])
            }
        }
        return nil
    }

    /// The items of a property's element: its array's `rdf:li`s, or its text when it has no child.
    private func arrayItems(of element: XMLScanner.Element) -> [String] {
        guard !element.children.isEmpty else {
            let text = element.content.map { XMLScanner.decodeEntities(bytes[$0]).trimmingXMLSpace() } ?? ""
            return text.isEmpty ? [] : [text]
        }
        let arrays = element.children.filter { child in
            Self.isRDF(elements[child], "Bag") || Self.isRDF(elements[child], "Seq")
                || Self.isRDF(elements[child], "Alt")
        }
        return arrays.flatMap { array in
            elements[array].children.compactMap { item -> String? in
                guard Self.isRDF(elements[item], "li"), let content = elements[item].content else {
                    return nil
                }
                let text = XMLScanner.decodeEntities(bytes[content]).trimmingXMLSpace()
                return text.isEmpty ? nil : text
            }
        }
    }

    /// The packet's bytes with the array `property` set to `items`: its element (or attribute) replaced where it is,
    /// or, when absent, an element added at the end of the first top-level description that declares its namespace,
    /// else of the first one (the namespace declared on it, and an empty-element description given an end tag).
    /// Every other byte is kept. Items are escaped as XML text.
    /// - Throws: `XMLError` when the packet has no top-level `rdf:Description` to hold it.
    func setting(_ property: Property, toItems items: [String], as kind: ArrayKind) throws(XMLError) -> [UInt8] {
        for index in descriptions {
            let description = elements[index]
            if let attribute = description.attributes.first(where: {
                matches($0, of: description, property)
            }) {
                // A shortened one-item array: the attribute goes, and the element is added as for a missing one.
                let range = attribute.leadingSpace.lowerBound..<(attribute.value.upperBound + 1)
                let without = Array(bytes[..<range.lowerBound]) + bytes[range.upperBound...]
                return try XMPPacket(without).setting(property, toItems: items, as: kind)
            }
            for child in description.children where matches(elements[child], property) {
                // The element's start tag stays (it may declare its namespace); its content is written anew.
                let element = elements[child]
                let content = Self.arrayContent(
                    items: items, kind: kind, rdfPrefix: rdfPrefix(in: element),
                    indent: indentation(before: element.start))
                guard let range = element.content else {
                    let tail = ">" + content + "</\(element.name)>"
                    return Array(bytes[..<(element.end - 2)]) + Array(tail.utf8) + bytes[element.end...]
                }
                return Array(bytes[..<range.lowerBound]) + Array(content.utf8) + bytes[range.upperBound...]
            }
        }
        let declaring = descriptions.first { elements[$0].namespaces.values.contains(property.namespace) }
        guard let index = declaring ?? descriptions.first else {
            throw XMLError(reason: "no rdf:Description to hold \(property.prefix):\(property.name)", offset: 0)
        }
        let description = elements[index]
        let prefix = description.namespaces.first {
            $0.value == property.namespace && !$0.key.isEmpty && !$0.key.contains(":")
        }?.key
        guard prefix != nil || description.namespaces[""] == property.namespace else {
            return try XMPPacket(declaringNamespace(of: property, on: index)).setting(
                property, toItems: items, as: kind)
        }
        let name = prefix.map { "\($0):\(property.name)" } ?? property.name
        let indent = indentation(before: description.start) + " "
        let element = Self.arrayElement(
            name: name, items: items, kind: kind, rdfPrefix: rdfPrefix(in: description), indent: indent)
        guard let content = description.content else {
            // `<rdf:Description .../>`: its `/>` becomes `>`, the element, and an end tag.
            let closing = description.end - 2
            let tail = "\n" + indent + element + "\n" + String(indent.dropLast()) + "</\(description.name)>"
            return Array(bytes[..<closing]) + Array(">".utf8) + Array(tail.utf8) + bytes[description.end...]
        }
        let end = content.upperBound
        let lastLineStart = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? end
        let endsWithIndent = bytes[lastLineStart..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        if endsWithIndent && lastLineStart > content.lowerBound {
            // Before the end tag's line: the element on a line of its own.
            return Array(bytes[..<lastLineStart]) + Array((indent + element + "\n").utf8) + bytes[lastLineStart...]
        }
        return Array(bytes[..<end]) + Array(element.utf8) + bytes[end...]
    }

    /// The packet's bytes with `property`'s namespace declared on description `index`, under a free prefix.
    private func declaringNamespace(of property: Property, on index: Int) -> [UInt8] {
        let description = elements[index]
        let used = Set(
            description.attributes.compactMap { $0.name.split(separator: ":", maxSplits: 1).dropLast().first }.map(
                String.init))
        var prefix = property.prefix
        var number = 1
        while description.namespaces[prefix] != nil || used.contains(prefix) {
            prefix = property.prefix + String(number)
            number += 1
        }
        let separator = separator(before: description)
        let point = description.insertionPoint
        return Array(bytes[..<point]) + Array((separator + "xmlns:\(prefix)=\"\(property.namespace)\"").utf8)
            + bytes[point...]
    }

    /// The prefix bound to RDF's namespace in `element`'s scope.
    private func rdfPrefix(in element: XMLScanner.Element) -> String {
        element.namespaces.first { $0.value == Self.rdfNamespace && !$0.key.isEmpty }?.key ?? "rdf"
    }

    /// The spaces and tabs before `offset` on its line, when only they are.
    private func indentation(before offset: Int) -> String {
        let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? offset
        let run = bytes[lineStart..<offset]
        return run.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? String(decoding: run, as: UTF8.self) : ""
    }

    /// An array property's element as exiv2 writes it, each nested line one space further in than `indent`.
    private static func arrayElement(
        name: String, items: [String], kind: ArrayKind, rdfPrefix: String, indent: String
    ) -> String {
        "<\(name)>" + arrayContent(items: items, kind: kind, rdfPrefix: rdfPrefix, indent: indent) + "</\(name)>"
    }

    /// What goes between an array property's tags, as exiv2 writes it: the array one space further in than `indent`,
    /// its items two, each on a line of its own.
    private static func arrayContent(items: [String], kind: ArrayKind, rdfPrefix: String, indent: String) -> String {
        let array = "\(rdfPrefix):\(kind.rawValue)"
        guard !items.isEmpty else { return "\n\(indent) <\(array)/>\n\(indent)" }
        let lines = items.map { "\(indent)  <\(rdfPrefix):li>\(escaped($0))</\(rdfPrefix):li>" }
        return "\n" + (["\(indent) <\(array)>"] + lines + ["\(indent) </\(array)>", indent]).joined(separator: "\n")
    }

    /// `text` with `&`, `<` and `>` written as entities.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
