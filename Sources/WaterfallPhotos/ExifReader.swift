/// Reads the EXIF fields the walk uses from a TIFF structure (the body of a JPEG's `Exif` APP1 segment, a PNG's
/// `eXIf` chunk or a WebP's `EXIF` chunk), in either byte order: the Orientation of IFD0 (tag 0x0112), the
/// DateTimeOriginal of the Exif IFD (tag 0x9003, through IFD0's pointer 0x8769), and the camera, lens and exposure the
/// library index keeps (`ShotDetails`). Anything malformed reads as absent: a bad EXIF block never makes a photo
/// unreadable. (`PhotoInfo(exif:)` reads the rest, when asked.)
enum ExifReader {
    /// The most of an EXIF block that is read: 64 KB, all that a JPEG's APP1 segment holds. A longer block (a PNG's
    /// or WebP's may be) is read up to there; the fields read lie there in the blocks cameras and editors write.
    static let readLimit = 65_536

    /// The orientation, the date, and the camera, lens and exposure a TIFF structure names; `.up` and `nil` where it
    /// names none or is malformed. IFD0 and the Exif IFD are each read in one pass for these tags.
    static func read(
        _ tiff: ArraySlice<UInt8>
    ) -> (orientation: ExifOrientation, dateTaken: String?, shot: ShotDetails?) {
        guard let structure = TIFFStructure(tiff) else { return (.up, nil, nil) }
        let ifd0 = structure.entries(of: PhotoInfo.ifd0Tags + [ExifTag.orientation], inIFDAt: structure.firstIFD)
        let orientation =
            ifd0[PhotoInfo.ifd0Tags.count].flatMap { entry -> ExifOrientation? in
                entry.type == 3 ? structure.integer(entry).flatMap(ExifOrientation.init(rawValue:)) : nil
            } ?? .up
        let exif = PhotoInfo.exifEntries(of: structure, ifd0: ifd0)
        var date: String?
        if let entry = exif[0], entry.type == 2, entry.count >= 19,
            let start = structure.valueStart(of: TIFFStructure.Entry(type: 2, count: 19, valueField: entry.valueField))
        {
            date = structure.string(at: start, count: 19)  // "2024:05:01 12:30:00"
        }
        // The camera's tags (make, model; lens and exposure): most photos have them, a screenshot or a scan none.
        let namesShot = ifd0[1] != nil || ifd0[2] != nil || exif[1...].contains { $0 != nil }
        let shot =
            namesShot
            ? PhotoInfo(structure, ifd0: ifd0, exif: exif, readsPosition: false).shotDetails : nil
        return (orientation, date, shot)
    }
}
