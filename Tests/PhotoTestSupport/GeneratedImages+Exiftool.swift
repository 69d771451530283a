import Foundation

extension GeneratedImages {
    /// Runs `exiftool -overwrite_original` with `arguments` on `name` in the folder (the tags to write, e.g.
    /// `-Make=Canon`) and returns its path. Fails, never skips, without exiftool (`scripts/install-deps.sh` installs
    /// it).
    @discardableResult
    public func exiftool(_ name: String, _ arguments: [String]) throws -> String {
        try TestTool.run(["exiftool", "-q", "-overwrite_original"] + arguments + [path(name)])
        return path(name)
    }

    /// The tags of a camera's photo: Canon's make and model (the model repeating the make), a lens, 1/250 s at f/2.8,
    /// ISO 400, 50 mm (75 mm in 35 mm), taken 2024:05:01 12:30:45, at the Eiffel tower 35 m above sea level.
    public static let cameraTags = [
        "-Make=Canon", "-Model=Canon EOS 5D", "-LensModel=EF50mm f/1.8 II", "-ExposureTime=1/250", "-FNumber=2.8",
        "-ISO=400", "-FocalLength=50", "-FocalLengthIn35mmFormat=75", "-DateTimeOriginal=2024:05:01 12:30:45",
        "-GPSLatitude=48.85837", "-GPSLatitudeRef=N", "-GPSLongitude=2.294481", "-GPSLongitudeRef=E",
        "-GPSAltitude=35", "-GPSAltitudeRef=0",
    ]
}
