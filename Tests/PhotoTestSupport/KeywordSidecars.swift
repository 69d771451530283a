/// Sidecars with keywords as other programs write them, for the keyword tests.
public enum KeywordSidecars {
    /// `NAME.xmp` as Lightroom writes it: the path `places|sea|beach` in lr:hierarchicalSubject, its parts and a flat
    /// keyword ("Summer & sun") in dc:subject, on lines of their own.
    public static let lightroom = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:lr="http://ns.adobe.com/lightroom/1.0/">
           <dc:subject><rdf:Bag><rdf:li>places</rdf:li><rdf:li>sea</rdf:li><rdf:li>beach</rdf:li>
            <rdf:li>Summer &amp; sun</rdf:li></rdf:Bag></dc:subject>
           <lr:hierarchicalSubject><rdf:Bag><rdf:li>places|sea|beach</rdf:li></rdf:Bag></lr:hierarchicalSubject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    /// `NAME.EXT.xmp` as digiKam writes it: the tag's `path` ("people/Anna") in digiKam:TagsList, its leaf in
    /// dc:subject, in exiv2's layout.
    public static func digiKam(_ path: String) -> String {
        let leaf = path.split(separator: "/").last.map(String.init) ?? path
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:digiKam="http://www.digikam.org/ns/1.0/"
                xmlns:dc="http://purl.org/dc/elements/1.1/">
               <digiKam:TagsList>
                <rdf:Seq>
                 <rdf:li>\(path)</rdf:li>
                </rdf:Seq>
               </digiKam:TagsList>
               <dc:subject>
                <rdf:Bag>
                 <rdf:li>\(leaf)</rdf:li>
                </rdf:Bag>
               </dc:subject>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>

            """
    }
}
