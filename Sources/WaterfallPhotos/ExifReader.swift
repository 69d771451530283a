/// Reads the two EXIF fields the walk uses from a TIFF structure (the body of a JPEG's `Exif` APP1 segment, a PNG's
/// `eXIf` chunk or a WebP's `EXIF` chunk), in either byte order: the Orientation of IFD0 (tag 0x0112) and the
/// DateTimeOriginal of the Exif IFD (tag 0x9003, through IFD0's pointer 0x8769). Anything malformed reads as absent:
/// a bad EXIF block never makes a photo unreadable. (`PhotoInfo(exif:)` reads the rest, when asked.)
enum ExifReader {
    /// The most of an EXIF block that is read: 64 KB, all that a JPEG's APP1 segment holds. A longer block (a PNG's
    /// or WebP's may be) is read up to there; the fields read lie there in the blocks cameras and editors write.
    static let readLimit = 65_536

    /// The orientation and date a TIFF structure names; `.up` and `nil` where it names none or is malformed.
    static func read(_ tiff: ArraySlice<UInt8>) -> (orientation: ExifOrientation, dateTaken: String?) {
        guard let structure = TIFFStructure(tiff) else { return (.up, nil) }
        let orientation =
            structure.entry(ExifTag.orientation, inIFDAt: structure.firstIFD).flatMap { entry -> ExifOrientation? in
                entry.type == 3 ? structure.integer(entry).flatMap(ExifOrientation.init(rawValue:)) : nil
            } ?? .up
        var date: String?
        if let exifIFD = structure.integer(structure.entry(ExifTag.exifIFD, inIFDAt: structure.firstIFD)),
            let entry = structure.entry(ExifTag.dateTimeOriginal, inIFDAt: exifIFD), entry.type == 2,
            entry.count >= 19,
            let start = structure.valueStart(of: TIFFStructure.Entry(type: 2, count: 19, valueField: entry.valueField))
        {
            date = structure.string(at: start, count: 19)  // "2024:05:01 12:30:00"
        }
        return (orientation, date)
    }
}
