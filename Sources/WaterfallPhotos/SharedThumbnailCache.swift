import CMD5
import Foundation
import Synchronization
import SystemPackage

/// The desktop's shared thumbnail cache, as the freedesktop.org Thumbnail Managing Standard lays it out and GNOME's
/// and KDE's file managers, gThumb and others fill it: `$XDG_CACHE_HOME/thumbnails/{large,x-large,xx-large}/` (256,
/// 512 and 1024 px at most a side), each thumbnail named by the MD5 of its file's URI (`FileURI`) and valid while
/// its `Thumb::MTime` (and `Thumb::Size`, when there) equal the file's. Failures go in `fail/<application>/`.
///
/// Safe to use from any thread. A cache that cannot be written (no permission, a full disk) stops writing and says
/// why once (`onDisabled`); reading goes on. A file that is not a valid thumbnail is a miss, and is rewritten.
public final class SharedThumbnailCache: Sendable {
    /// A photo's identity in the cache: its file, URI, modification time and size.
    public struct Original: Sendable {
        /// The file's absolute path.
        public var path: FilePath
        /// Its `file://` URI, as the standard names it.
        public var uri: String
        /// Its modification time in whole seconds since the epoch (`Thumb::MTime`).
        public var modified: Int
        /// Its size in bytes (`Thumb::Size`).
        public var size: Int
        /// The MD5 of `uri` in lower-case hex: the thumbnail's file name without `.png`.
        public var key: String { SharedThumbnailCache.md5(uri) }
    }

    /// The folders the cache reads, smallest first, with the largest side of their thumbnails.
    public static let folders: [(name: String, size: Int)] = [("large", 256), ("x-large", 512), ("xx-large", 1024)]
    /// The folders it writes: the sizes a card needs.
    public static let writtenFolders = folders.prefix(2)

    /// The cache's folder: `$XDG_CACHE_HOME/thumbnails`.
    public let root: String
    /// The application's name and version, for the failures' folder (`fail/waterfall-demo-1.0`).
    public let application: String
    private let disabledReason = Mutex<String?>(nil)
    private let onDisabled: @Sendable (String) -> Void

    /// The cache in `root`, writing failures as `application`; `onDisabled` hears once why writing stopped.
    public init(root: String, application: String, onDisabled: @escaping @Sendable (String) -> Void = { _ in }) {
        var root = root
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.application = application
        self.onDisabled = onDisabled
    }

    /// The user's shared cache folder: `thumbnails` in the cache folder of `directories` (`$XDG_CACHE_HOME/thumbnails`,
    /// else `~/.cache/thumbnails`).
    public static func defaultRoot(in directories: XDGDirectories) -> String {
        directories.cache + "/thumbnails"
    }

    /// Why writing stopped, once it has.
    public var whyWritingStopped: String? { disabledReason.withLock { $0 } }

    /// The MD5 of `text`'s UTF-8, in lower-case hex.
    static func md5(_ text: String) -> String {
        var digest = [CChar](repeating: 0, count: 33)
        let bytes = Array(text.utf8)
        _ = MD5Data(bytes, bytes.count, &digest)
        return String(decoding: digest.prefix(32).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `path` is inside the cache: such files are never given thumbnails.
    public func contains(_ path: FilePath) -> Bool { path.starts(with: FilePath(root)) }

    /// The identity of the file at `path`, `nil` when it cannot be read or lies inside the cache. A relative path is
    /// taken from the current folder: the cache names files by their absolute URI, as every other program does.
    public func original(of given: FilePath) -> Original? {
        let path = Self.absolute(given)
        guard !contains(path) else { return nil }
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
        return Original(
            path: path, uri: FileURI.uri(ofPathBytes: path.bytes), modified: Int(info.st_mtim.tv_sec),
            size: Int(info.st_size))
    }

    /// `path` from the root: a relative one joined to the current folder, without its `.` and `..` parts (symbolic
    /// links are kept, as a file manager names the file).
    static func absolute(_ path: FilePath) -> FilePath {
        (path.isAbsolute ? path : FilePath(FileManager.default.currentDirectoryPath).pushing(path))
            .lexicallyNormalized()
    }

    /// The smallest cached thumbnail of `original` that is at least `width` pixels wide (or the whole picture, when
    /// the photo is smaller than its folder's size), valid for the file as it is now; scaled to `width` and laid over
    /// `background`. `nil` when there is none: the photo must be decoded.
    public func thumbnail(of original: Original, width: Int, background: UInt32) -> Thumbnail? {
        for folder in Self.folders {
            guard let (image, _) = read(folder: folder.name, original: original),
                image.width >= width || max(image.width, image.height) < folder.size
            else { continue }
            let height = max(
                1, min(20 * width, Int((Double(width) * Double(image.height) / Double(image.width)).rounded())))
            return image.scaled(toWidth: width, height: height, over: background)
        }
        return nil
    }

    /// The valid thumbnail of `original` in `folder` and its text chunks, or `nil`.
    private func read(folder: String, original: Original) -> (RGBAImage, [String: String])? {
        let file = "\(root)/\(folder)/\(original.key).png"
        guard let bytes = try? PhotoFile.readStart(of: FilePath(file), count: 32 << 20), !bytes.isEmpty,
            (try? ImageHeader.read(bytes))?.format == .png,
            let (image, texts) = try? bytes.withUnsafeBytes({ try PNGDecoder.decodeWithTexts($0) })
        else { return nil }
        let keys = Dictionary(texts, uniquingKeysWith: { first, _ in first })
        guard keys["Thumb::MTime"].flatMap({ Int($0) }) == original.modified,
            keys["Thumb::URI"].map({ $0 == original.uri }) ?? true,
            keys["Thumb::Size"].map({ Int($0) == original.size }) ?? true
        else { return nil }
        return (image, keys)
    }

    /// The folder a thumbnail for a card `width` pixels wide goes in, and the thumbnail's size there, for a photo
    /// of `upright` size: the smallest written folder whose thumbnail is at least that wide. `nil` when none is (the
    /// card is wider than a 512-pixel thumbnail, or the photo fits in 256 pixels and is stored as it is nowhere).
    public static func folder(
        forWidth width: Int, upright: (width: Int, height: Int)
    ) -> (name: String, width: Int, height: Int)? {
        for folder in writtenFolders {
            let side = max(upright.width, upright.height)
            guard side > folder.size else { return nil }  // the standard keeps no thumbnail larger than the photo
            let scale = Double(folder.size) / Double(side)
            let size = (
                max(1, Int((Double(upright.width) * scale).rounded())),
                max(1, Int((Double(upright.height) * scale).rounded()))
            )
            if size.0 >= width { return (folder.name, size.0, size.1) }
        }
        return nil
    }

    /// Writes `thumbnail` of `original` (a `mimeType` photo of `imageWidth` × `imageHeight`) into `folder`, as an
    /// 8-bit RGBA PNG with the standard's keys, through a temporary file renamed into place (mode 0600, folders
    /// 0700). Returns whether it was written.
    @discardableResult
    public func store(
        _ thumbnail: Thumbnail, of original: Original, in folder: String, mimeType: String,
        imageWidth: Int, imageHeight: Int
    ) -> Bool {
        write(
            folder: folder, key: original.key, pixels: thumbnail,
            texts: [
                ("Thumb::URI", original.uri), ("Thumb::MTime", String(original.modified)),
                ("Thumb::Size", String(original.size)),
                ("Thumb::Mimetype", mimeType), ("Thumb::Image::Width", String(imageWidth)),
                ("Thumb::Image::Height", String(imageHeight)),
                ("Software", application),
            ])
    }

    /// Notes that `original` cannot be made a thumbnail of, and why, in `fail/<application>/`: not tried again
    /// until the file changes.
    @discardableResult
    public func storeFailure(of original: Original, reason: String) -> Bool {
        write(
            folder: "fail/\(application)", key: original.key, pixels: Thumbnail(width: 1, height: 1, pixels: [0]),
            texts: [
                ("Thumb::URI", original.uri), ("Thumb::MTime", String(original.modified)),
                ("Thumb::Size", String(original.size)),
                ("Waterfall::Reason", reason), ("Software", application),
            ])
    }

    /// Why `original` failed before, when it did and has not changed since.
    public func failure(of original: Original) -> String? {
        guard let (_, keys) = read(folder: "fail/\(application)", original: original) else { return nil }
        return keys["Waterfall::Reason"] ?? "cannot be decoded"
    }

    private func write(folder: String, key: String, pixels: Thumbnail, texts: [(String, String)]) -> Bool {
        guard whyWritingStopped == nil else { return false }
        guard
            let png = PNGEncoder.encode(width: pixels.width, height: pixels.height, pixels: pixels.pixels, texts: texts)
        else {
            return false
        }
        let directory = "\(root)/\(folder)"
        do throws(CacheError) {
            try makeFolders(directory)
            var template = Array("\(directory)/\(key).png.XXXXXX".utf8CString)
            let descriptor = mkstemp(&template)  // mode 0600
            guard descriptor >= 0 else { throw CacheError.system("cannot create a file in \(directory)", errno) }
            let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let written = png.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            let error = errno
            close(descriptor)
            guard written == png.count else {
                unlink(temporary)
                throw CacheError.system("cannot write \(directory)", written < 0 ? error : ENOSPC)
            }
            guard rename(temporary, "\(directory)/\(key).png") == 0 else {
                let error = errno
                unlink(temporary)
                throw CacheError.system("cannot rename into \(directory)", error)
            }
            return true
        } catch {
            stopWriting(error.description)
            return false
        }
    }

    /// Creates `directory` and the folders above it up to the cache's root, each with mode 0700.
    private func makeFolders(_ directory: String) throws(CacheError) {
        var path = ""
        for part in directory.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o700) != 0 && errno != EEXIST { throw CacheError.system("cannot create \(path)", errno) }
        }
    }

    private func stopWriting(_ reason: String) {
        let first = disabledReason.withLock { current -> Bool in
            guard current == nil else { return false }
            current = reason
            return true
        }
        if first { onDisabled(reason) }
    }

    private enum CacheError: Error, CustomStringConvertible {
        case system(String, Int32)
        var description: String {
            switch self {
            case .system(let what, let code): return "\(what): \(String(cString: strerror(code)))"
            }
        }
    }
}
