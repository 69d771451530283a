import Foundation

/// `PhotoInfo` as people read it, as exiftool and darktable show it.
extension PhotoInfo {
    /// The camera: the model, after the make unless the model starts with the make's first word already ("Canon" and
    /// "Canon EOS 5D" give "Canon EOS 5D"; "NIKON CORPORATION" and "NIKON D750" give "NIKON D750"); either alone when
    /// the other is absent.
    public var camera: String? {
        guard let model else { return make }
        guard let make else { return model }
        let brand = make.split(separator: " ").first.map(String.init) ?? make
        return model.lowercased().hasPrefix(brand.lowercased()) ? model : make + " " + model
    }

    /// The exposure time as exiftool prints it: "1/250 s" up to a quarter second (1 over the rounded reciprocal),
    /// else to one decimal: "0.5 s", "2.5 s", "2 s".
    public var exposureText: String? {
        guard let seconds = exposureTime?.value else { return nil }
        return seconds <= 0.25001 ? "1/" + Self.decimal((1 / seconds).rounded()) + " s" : Self.decimal(seconds) + " s"
    }

    /// "f/2.8".
    public var apertureText: String? { fNumber.map { "f/" + Self.decimal($0) } }

    /// "ISO 400".
    public var isoText: String? { iso.map { "ISO \($0)" } }

    /// "50 mm", with the 35 mm equivalent when the EXIF gives it: "50 mm (75 mm in 35 mm)".
    public var focalLengthText: String? {
        guard let focalLength else { return focalLength35mm.map { "\($0) mm in 35 mm" } }
        let text = Self.decimal(focalLength) + " mm"
        return focalLength35mm.map { text + " (\($0) mm in 35 mm)" } ?? text
    }

    /// The exposure on one line: "1/250 s · f/2.8 · ISO 400 · 50 mm (75 mm in 35 mm)", the absent parts left out.
    public var exposureLine: String? {
        let parts = [exposureText, apertureText, isoText, focalLengthText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A short summary for a card's caption: "1/250 s · f/2.8 · ISO 400" when the EXIF has some of them, else the
    /// camera, else the date taken.
    public var summary: String? {
        let parts = [exposureText, apertureText, isoText].compactMap { $0 }
        return parts.isEmpty ? camera ?? dateTakenComponents?.text ?? dateTaken : parts.joined(separator: " · ")
    }

    /// The position: "48.858370° N, 2.294481° E", then the altitude when known: ", 35 m".
    public var positionText: String? {
        guard let position else { return nil }
        var text = String(
            format: "%.6f° %@, %.6f° %@", abs(position.latitude), position.latitude < 0 ? "S" : "N",
            abs(position.longitude), position.longitude < 0 ? "W" : "E")
        if let altitude = position.altitude, altitude.isFinite { text += ", " + Self.decimal(altitude) + " m" }
        return text
    }

    /// `value` to one decimal, without a trailing ".0": "2.8", "250", "2.5".
    static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.magnitude < 1e15 else { return "\(value)" }
        let whole = Int(tenths) / 10
        let fraction = abs(Int(tenths) % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
