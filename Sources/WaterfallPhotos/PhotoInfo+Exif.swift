/// Reading `PhotoInfo` from a TIFF structure: IFD0, the Exif IFD and the GPS IFD.
extension PhotoInfo {
    /// The information of the TIFF structure `tiff` (an EXIF block: a JPEG's APP1 body after "Exif\0\0", a PNG's
    /// eXIf, a WebP's EXIF), in either byte order. A block that is no TIFF structure gives none; values out of the
    /// block, of the wrong type or malformed are left out.
    public init(exif tiff: ArraySlice<UInt8>) {
        self.init()
        guard let structure = TIFFStructure(tiff) else { return }
        let ifd0 = structure.entries(of: Self.ifd0Tags, inIFDAt: structure.firstIFD)
        self.init(structure, ifd0: ifd0, exif: Self.exifEntries(of: structure, ifd0: ifd0), readsPosition: true)
    }

    /// IFD0's tags read here, in the order `init(_:ifd0:exif:readsPosition:)` takes their entries.
    static let ifd0Tags = [ExifTag.dateTime, ExifTag.make, ExifTag.model, ExifTag.exifIFD, ExifTag.gpsIFD]
    /// The Exif IFD's tags read here, in the order `init(_:ifd0:exif:readsPosition:)` takes their entries.
    static let exifTags = [
        ExifTag.dateTimeOriginal, ExifTag.lensModel, ExifTag.exposureTime, ExifTag.fNumber,
        ExifTag.photographicSensitivity, ExifTag.focalLength, ExifTag.focalLengthIn35mmFilm,
    ]

    /// The entries of `exifTags` in the Exif IFD that IFD0's entries of `ifd0Tags` point to (none without one): each
    /// IFD is read in one pass for the tags read here (the walk reads every photo's), not into a dictionary.
    static func exifEntries(of structure: TIFFStructure, ifd0: [TIFFStructure.Entry?]) -> [TIFFStructure.Entry?] {
        structure.integer(ifd0[3]).map { structure.entries(of: exifTags, inIFDAt: $0) }
            ?? Array(repeating: nil, count: exifTags.count)
    }

    /// The information of `structure` whose IFD0 has the entries `ifd0` (of `ifd0Tags`) and whose Exif IFD has
    /// `exif` (of `exifTags`); the GPS IFD's position too when `readsPosition`.
    init(
        _ structure: TIFFStructure, ifd0: [TIFFStructure.Entry?], exif: [TIFFStructure.Entry?], readsPosition: Bool
    ) {
        self.init()
        dateTaken = structure.text(exif[0]) ?? structure.text(ifd0[0])
        make = structure.text(ifd0[1])
        model = structure.text(ifd0[2])
        lens = structure.text(exif[1])
        exposureTime = structure.rational(exif[2]).flatMap { $0.value > 0 ? $0 : nil }
        fNumber = structure.rational(exif[3]).map(\.value).flatMap { $0 > 0 ? $0 : nil }
        iso = structure.integer(exif[4]).flatMap { $0 > 0 ? $0 : nil }
        focalLength = structure.rational(exif[5]).map(\.value).flatMap { $0 > 0 ? $0 : nil }
        focalLength35mm = structure.integer(exif[6]).flatMap { $0 > 0 ? $0 : nil }
        if readsPosition, let gpsIFD = structure.integer(ifd0[4]) {
            position = Self.position(structure.entries(ofIFDAt: gpsIFD), in: structure)
        }
    }

    /// The position of a GPS IFD's `entries`: latitude and longitude (three rationals each, degrees, minutes and
    /// seconds) with their references (N/S, E/W), and the altitude with its reference (1: below sea level).
    private static func position(_ entries: [Int: TIFFStructure.Entry], in structure: TIFFStructure) -> GPSPosition? {
        func degrees(_ tag: Int, ref: Int, negative: String) -> Double? {
            guard let entry = entries[tag], entry.count >= 3,
                let d = structure.rational(entry, at: 0), let m = structure.rational(entry, at: 1),
                let s = structure.rational(entry, at: 2)
            else { return nil }
            let value = d.value + m.value / 60 + s.value / 3600
            return structure.text(entries[ref]) == negative ? -value : value
        }
        guard let latitude = degrees(ExifTag.gpsLatitude, ref: ExifTag.gpsLatitudeRef, negative: "S"),
            let longitude = degrees(ExifTag.gpsLongitude, ref: ExifTag.gpsLongitudeRef, negative: "W"),
            latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        let altitude = structure.rational(entries[ExifTag.gpsAltitude]).map { altitude in
            structure.integer(entries[ExifTag.gpsAltitudeRef]) == 1 ? -altitude.value : altitude.value
        }
        return GPSPosition(latitude: latitude, longitude: longitude, altitude: altitude)
    }
}

extension PhotoInfo {
    /// The information in the EXIF of a whole file's `bytes` (see `PhotoFile.readInfo(path:)`); empty without EXIF.
    /// - Throws: what `ImageHeader.read(_:)` throws.
    public init(fileBytes bytes: [UInt8]) throws {
        guard let format = ImageFormat(magic: bytes) else {
            throw bytes.isEmpty ? PhotoError.empty : PhotoError.notAnImage
        }
        var reader = ByteReader(bytes, format: format)
        self = try ImageHeader.readWithExif(&reader).exif.map(PhotoInfo.init(exif:)) ?? PhotoInfo()
    }
}
