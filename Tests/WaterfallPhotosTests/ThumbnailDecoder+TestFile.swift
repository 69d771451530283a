import Foundation

@testable import WaterfallPhotos

extension ThumbnailDecoder {
    /// The thumbnail `width` pixels wide of the whole file at `path`, decoded with `header` (read from the file when
    /// not given), with whether it was opaque and its profile: what the format tests look at.
    func decode(fileAt path: String, header: ImageHeader? = nil, width: Int) throws -> Decoded {
        let file = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        return try file.withUnsafeBytes { try decode($0, header: header ?? ImageHeader.read(file), width: width) }
    }
}
